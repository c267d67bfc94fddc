import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';
import { formatClock } from '../../../lib/dates';

const QUALITY_KEYS = {
  good: 'schedule.room.quality.good',
  fair: 'schedule.room.quality.fair',
  poor: 'schedule.room.quality.poor',
} as const;

/**
 * The consultation room at a glance, from its events: "Waiting since 09:47" while the patient is
 * in the waiting room, then "Waited 4 minutes" and how the connection was. `compact`: only the
 * waiting, for the week grid.
 */
export function RoomActivityNote({
  entry,
  compact = false,
}: {
  entry: ScheduleEntry;
  compact?: boolean;
}) {
  const { t } = useTranslation('doctor');
  const room = entry.room;
  if (!room) return null;
  if (room.waitingSince && entry.status === 'upcoming')
    return (
      <span className="mt-1 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
        {t('schedule.room.waitingSince', {
          time: formatClock(room.waitingSince, entry.timeZone),
        })}
      </span>
    );
  if (compact || room.waitedMinutes === null) return null;
  return (
    <p className="mt-1 text-sm text-slate-700">
      {t('schedule.room.waited', { count: room.waitedMinutes })}
      {room.quality && <> · {t(QUALITY_KEYS[room.quality])}</>}
    </p>
  );
}
