import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * The buttons that end a form or a dialog: side by side at the right from the small breakpoint,
 * stacked on phones with the main action on top (it comes last in the markup, so keyboard order
 * stays secondary → primary).
 */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}
