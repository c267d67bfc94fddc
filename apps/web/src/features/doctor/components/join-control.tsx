import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';
import { hasVideoCall, JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import { Button, buttonClasses } from '../../../components/ui/button';
import { joinStateAt } from '../../../lib/join-state';
import { dateTimeFormat } from '../../../lib/date-time-format';

const timeIn = (instant: Date, timeZone: string) =>
  dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);

/** Join under the same window rule as the patient's (the server decides again on joining). */
export function JoinControl({ entry, now }: { entry: ScheduleEntry; now: Date }) {
  const { t } = useTranslation('doctor');
  if (!hasVideoCall(entry.plan) || entry.status !== 'upcoming') return null;
  const { isJoinable, hasPassed } = joinStateAt(entry, now);
  const hintId = `join-hint-${entry._id}`;
  if (isJoinable)
    return (
      <Link to={`/doctor/meeting/${entry._id}`} className={buttonClasses('primary')}>
        {t('schedule.entry.join')}
      </Link>
    );
  return (
    <div className="flex flex-col items-start gap-1">
      <Button disabled aria-describedby={hintId}>
        {t('schedule.entry.join')}
      </Button>
      <p id={hintId} className="text-xs text-slate-600">
        {hasPassed
          ? t('schedule.entry.ended')
          : t('schedule.entry.opensAt', {
              time: timeIn(
                new Date(new Date(entry.startsAt).getTime() - JOIN_OPENS_BEFORE_MS),
                entry.timeZone,
              ),
            })}
      </p>
    </div>
  );
}
