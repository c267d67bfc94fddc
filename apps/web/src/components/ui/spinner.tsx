import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELAYS } from '@vizita/shared/constants';
import { cn } from '../../lib/cn';

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' };

/** A decorative spinning ring; pair it with text or a label. */
export function Spinner({
  size = 'md',
  className,
}: {
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        sizes[size],
        className,
      )}
    />
  );
}

/** A spinner with a live text, for a whole region that is loading. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 py-12 text-teal-700',
        className,
      )}
    >
      <Spinner size="lg" />
      <span className="text-sm font-medium text-slate-700">{label ?? t('loading')}</span>
    </div>
  );
}

/**
 * Shown only when loading lasts: a quick answer should not flash a spinner
 * (spec §2: "a spinner (after about 100 ms)").
 */
export function DelayedSpinner({ delayMs = DELAYS.protectedSpinnerMs }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(id);
  }, [delayMs]);
  return visible ? <LoadingState className="min-h-[50vh]" /> : null;
}
