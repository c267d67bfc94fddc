import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { AlertCircleIcon, CheckCircleIcon } from './icons';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/**
 * A message block. Errors are announced at once (role alert), the others politely (role status).
 */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', tones[tone], className)}
    >
      {tone === 'error' ? (
        <AlertCircleIcon className="mt-px shrink-0" />
      ) : (
        <CheckCircleIcon className="mt-px shrink-0" />
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
