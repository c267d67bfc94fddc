import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The centred card every signed-out screen sits in. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <Card className={cn('mx-auto w-full max-w-md', className)}>{children}</Card>;
}

/** A round icon above a status heading (success, sent, failed). */
export function StatusIcon({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <span
      className={cn(
        'mx-auto mb-4 flex size-14 items-center justify-center rounded-full',
        tone === 'success' ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700',
      )}
    >
      {children}
    </span>
  );
}
