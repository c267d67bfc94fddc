import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { describedByIds, FieldError } from './field-error';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: string;
  /** Translated error text; sets aria-invalid and is announced with the field. */
  error?: string | undefined;
  /** The error element's id, when the form chooses it (useSchemaForm does); else one of ours. */
  errorId?: string | undefined;
};

export function CheckboxField({
  label,
  error,
  errorId,
  className,
  'aria-describedby': describedByProp,
  ...inputProps
}: CheckboxFieldProps) {
  const id = useId();
  const shownErrorId = errorId ?? `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-teal-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
          {...inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds(error ? shownErrorId : undefined, describedByProp)}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={shownErrorId} error={error} />
    </div>
  );
}
