import { useTranslation } from 'react-i18next';
import type { TreatedDependant } from '@vizita/shared/contracts/appointments';
import { cn } from '../../../lib/cn';

/**
 * Whom the doctor meets when a patient booked for a person in their account (issue #22, ADR
 * 0043): "child, 7, with guardian Maria Ivanova". Words, not a colour alone.
 */
export function DependantNote({
  dependant,
  className,
}: {
  dependant: TreatedDependant | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation('doctor');
  if (!dependant) return null;
  const values = { age: dependant.age, guardian: dependant.guardianName };
  return (
    <span className={cn('block text-sm text-slate-800', className)}>
      {dependant.relationship === 'child'
        ? t('dependant.child', values)
        : t('dependant.adultInCare', values)}
    </span>
  );
}
