import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';

/** Spec §3 Plan labels, the same words the patient reads. */
const PLAN_KEYS = {
  consultation: 'plans.consultation',
  prescription: 'plans.prescription',
  'follow-up': 'plans.followUp',
  'on-demand': 'plans.onDemand',
} as const satisfies Record<ScheduleEntry['plan'], string>;

export function PlanLabel({ plan }: { plan: ScheduleEntry['plan'] }) {
  const { t } = useTranslation('appointments');
  return <>{t(PLAN_KEYS[plan])}</>;
}
