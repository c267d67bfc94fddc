import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatClock } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import type { Admission } from '../call/call-session';
import { viewerTimeZone } from '../../../lib/viewer-zone';

/**
 * The waiting room the server enforces (issue #12, KBV Anlage 31b). The patient learns who lets
 * them in and when the appointment is; the doctor sees who waits, for how long, and admits them.
 * Nothing is shown once the patient is in.
 */
export function WaitingRoom({
  admission,
  role,
  otherName,
  when,
  onAdmit,
}: {
  admission: Admission;
  /** Our role in the call. */
  role: 'patient' | 'doctor';
  /** The doctor's name for the patient; the patient's for the doctor. */
  otherName: string;
  /** The appointment's date and time, as the page writes them. */
  when: string;
  onAdmit: () => void;
}) {
  const { t } = useTranslation('appointments');
  const now = useNow(30_000);
  if (admission.admitted) return null;

  if (role === 'patient') {
    return (
      <section
        aria-labelledby="waiting-room-title"
        className="rounded-2xl border border-sky-200 bg-sky-50 p-4 sm:p-5"
      >
        <h2 id="waiting-room-title" className="text-lg font-semibold text-slate-900">
          {t('meeting.waitingRoom.title')}
        </h2>
        <p role="status" className="mt-1 text-slate-800">
          {t('meeting.waitingRoom.willLetYouIn', { name: otherName })}
        </p>
        <p className="mt-1 text-slate-700">{t('meeting.waitingRoom.appointment', { when })}</p>
        <p className="mt-1 text-sm text-slate-700">{t('meeting.waitingRoom.keepOpen')}</p>
      </section>
    );
  }

  // One patient per appointment; a second entry is the same patient's other tab for a moment.
  const waiting = admission.waiting[0];
  const minutes = waiting
    ? Math.max(0, Math.floor((now.getTime() - new Date(waiting.waitingSince).getTime()) / 60_000))
    : 0;
  return (
    <section
      aria-labelledby="waiting-room-title"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="waiting-room-title" className="text-lg font-semibold text-slate-900">
        {t('meeting.waitingRoom.title')}
      </h2>
      <div role="status">
        {waiting ? (
          <p className="mt-1 text-slate-800">
            {t('meeting.waitingRoom.isWaiting', {
              name: otherName,
              since: formatClock(waiting.waitingSince, viewerTimeZone()),
              count: minutes,
            })}
          </p>
        ) : (
          <p className="mt-1 text-slate-800">
            {t('meeting.waitingRoom.nobody', { name: otherName })}
          </p>
        )}
      </div>
      {waiting && (
        <Button className="mt-3" onClick={onAdmit}>
          {t('meeting.waitingRoom.admit', { name: otherName })}
        </Button>
      )}
    </section>
  );
}
