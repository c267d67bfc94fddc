import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

// The parts a prescription request is shown with in the console (issue #21): in the queue and on
// its own page alike.

/** One labelled detail of a request, in a `<dl>`. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** "Less than 12 hours left": in words, not colour alone. */
export function UrgentBadge({ className }: { className?: string }) {
  const { t } = useTranslation('doctor');
  return (
    <span
      className={cn(
        'inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300',
        className,
      )}
    >
      {t('requests.urgent')}
    </span>
  );
}
