import { useId, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { describedByIds, FieldError } from './field-error';
import { FieldLabel } from './field-label';
import { controlClasses } from './text-field';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  /** Translated error text; sets aria-invalid and is announced with the field. */
  error?: string | undefined;
  /** The error element's id, when the form chooses it (useSchemaForm does); else one of ours. */
  errorId?: string | undefined;
  hint?: string | undefined;
  /** The text of the empty first option ("Select gender"); its value is the empty string. */
  placeholder?: string | undefined;
};

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function SelectField({
  label,
  error,
  errorId,
  hint,
  placeholder,
  className,
  children,
  'aria-describedby': describedByProp,
  ...selectProps
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const shownErrorId = errorId ?? `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} required={selectProps.required}>
        {label}
      </FieldLabel>
      <select
        id={id}
        className={controlClasses(Boolean(error), 'pr-8')}
        {...selectProps}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(
          hint ? hintId : undefined,
          error ? shownErrorId : undefined,
          describedByProp,
        )}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={shownErrorId} error={error} />
    </div>
  );
}
