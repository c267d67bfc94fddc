import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { formatDuration } from '../../../lib/format-duration';

/** Why the meeting cannot be joined now (spec §2 "Meeting not yet available"). */
export type NotAvailable = { kind: 'in'; minutes: number } | { kind: 'ended' } | { kind: 'wait' };

/**
 * Spec §2 "Meeting not yet available": when it will be, or that it has ended, with the way back.
 * Over the video area, and beside the device check's disabled "Join now".
 */
export function NotAvailableNotice({
  notAvailable,
  backTo,
}: {
  notAvailable: NotAvailable;
  /** The way back; null for a guest (nothing to go back to). */
  backTo: string | null;
}) {
  const { t, i18n } = useTranslation('appointments');
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{t('meeting.notAvailable.title')}</h2>
      <p className="mt-2 text-slate-700">
        {notAvailable.kind === 'in'
          ? t('meeting.notAvailable.availableIn', {
              duration: formatDuration(notAvailable.minutes, t, i18n.language),
            })
          : notAvailable.kind === 'ended'
            ? t('meeting.notAvailable.ended')
            : t('meeting.notAvailable.wait')}
      </p>
      {backTo !== null && (
        <Link to={backTo} className={buttonClasses('primary', 'mt-4')}>
          {t('meeting.notAvailable.return')}
        </Link>
      )}
    </div>
  );
}
