import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * Says that the person has no account (issue #12): invited by e-mail, no profile to open, a link
 * the doctor can send again. Words, not a colour alone.
 */
export function GuestLabel({ className }: { className?: string }) {
  const { t } = useTranslation('doctor');
  return (
    <span
      className={cn(
        'inline-flex rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-900 ring-1 ring-violet-200',
        className,
      )}
    >
      {t('guest.label')}
    </span>
  );
}
