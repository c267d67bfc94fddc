import { useId, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { describedByIds, FieldError } from './field-error';
import { FieldLabel } from './field-label';
import { EyeIcon, EyeOffIcon } from './icons';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Translated error text; sets aria-invalid and is announced with the field. */
  error?: string | undefined;
  /** The error element's id, when the form chooses it (useSchemaForm does); else one of ours. */
  errorId?: string | undefined;
  hint?: string;
  /**
   * For password fields: the name of a show/hide toggle (pressed = characters shown). The name
   * is the button's own (visually hidden) text rather than an aria-label, so that looking the
   * field up by its label ("Password") finds the input alone.
   */
  revealLabel?: string;
};

const inputBase =
  'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600';

/** The classes of a text-like control (inputs and selects look alike). */
export function controlClasses(hasError: boolean, className?: string | false): string {
  return cn(inputBase, hasError ? 'border-red-600' : 'border-slate-300', className);
}

export function TextField({
  label,
  error,
  errorId,
  hint,
  revealLabel,
  type = 'text',
  className,
  'aria-describedby': describedByProp,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = `${id}-hint`;
  const shownErrorId = errorId ?? `${id}-error`;
  const describedBy = describedByIds(
    hint ? hintId : undefined,
    error ? shownErrorId : undefined,
    describedByProp,
  );
  const canReveal = type === 'password' && revealLabel !== undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} required={inputProps.required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          type={canReveal && revealed ? 'text' : type}
          className={controlClasses(Boolean(error), canReveal && 'pr-12')}
          {...inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {canReveal && (
          <button
            type="button"
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            <span className="sr-only">{revealLabel}</span>
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={shownErrorId} error={error} />
    </div>
  );
}
