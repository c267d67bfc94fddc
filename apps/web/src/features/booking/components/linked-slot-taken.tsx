import { useTranslation } from 'react-i18next';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import { AppointmentWhen } from '../../../components/appointment-when';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/spinner';
import { formatClock, formatLongDate } from '../../../lib/dates';
import { viewerTimeZone } from '../../../lib/viewer-zone';
import type { DatedSlot } from '../utils/nearest-slots';

/**
 * A time chosen on a public doctor page that is no longer free by the time the patient could book
 * it (issue #22): said at once, with the doctor's nearest free times, each one choosable, and a way
 * to choose in the calendar instead. `nearest` is null while the doctor's times load.
 */
export function LinkedSlotTaken({
  doctor,
  at,
  nearest,
  onChoose,
  onDismiss,
}: {
  doctor: Doctor;
  at: string;
  nearest: DatedSlot[] | null;
  onChoose: (slot: DatedSlot) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <section aria-labelledby="linked-slot-heading" className="space-y-3">
      <Alert tone="error">
        <h2 id="linked-slot-heading" className="font-semibold">
          {t('bookingLink.taken')}
        </h2>
        <p className="mt-1">
          {t('bookingLink.takenText', {
            doctor: doctor.name,
            date: formatLongDate(new Date(at)),
            time: formatClock(at, viewerTimeZone()),
          })}
        </p>
      </Alert>
      {nearest === null ? (
        <LoadingState label={t('bookingLink.nearestLoading')} />
      ) : nearest.length === 0 ? (
        <p className="text-sm text-slate-700">{t('bookingLink.nearestNone')}</p>
      ) : (
        <>
          <h3 id="linked-nearest-heading" className="text-sm font-semibold text-slate-900">
            {t('bookingLink.nearestHeading', { doctor: doctor.name })}
          </h3>
          <ul aria-labelledby="linked-nearest-heading" className="flex flex-wrap gap-2">
            {nearest.map((slot) => (
              <li key={slot.startsAt}>
                <button
                  type="button"
                  onClick={() => onChoose(slot)}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-teal-400 hover:bg-teal-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
                >
                  <AppointmentWhen
                    date={slot.date}
                    slot={slot.slot}
                    startsAt={slot.startsAt}
                    timeZone={doctor.timeZone}
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <Button variant="ghost" onClick={onDismiss}>
        {t('bookingLink.dismiss')}
      </Button>
    </section>
  );
}
