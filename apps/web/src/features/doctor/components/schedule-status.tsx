import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';
import { cn } from '../../../lib/cn';

const STATUS = {
  upcoming: {
    key: 'schedule.status.upcoming',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  completed: { key: 'schedule.status.completed', tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  no_show: { key: 'schedule.status.noShow', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  cancelled: { key: 'schedule.status.cancelled', tone: 'bg-red-50 text-red-800 ring-red-200' },
} as const satisfies Record<ScheduleEntry['status'], { key: string; tone: string }>;

/** The appointment's status in words and colour (never colour alone). */
export function ScheduleStatus({ status }: { status: ScheduleEntry['status'] }) {
  const { t } = useTranslation('doctor');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1',
        STATUS[status].tone,
      )}
    >
      {t(STATUS[status].key)}
    </span>
  );
}

/** The label key of a status, for sentences that name it. */
export const statusKey = (status: ScheduleEntry['status']) => STATUS[status].key;
