import { useId } from 'react';
import { CANCEL_REASON_MAX } from '@vizita/shared/contracts/appointments';
import { cn } from '../lib/cn';
import type { FieldProps } from '../lib/use-schema-form';
import { describedByIds, FieldError } from './ui/field-error';
import { FieldLabel } from './ui/field-label';
import { controlClasses } from './ui/text-field';

/**
 * Why an appointment is cancelled, in words the other side reads (spec §5: 10 to 500 characters):
 * the patient's, the doctor's and the clinic's cancellations, and the bookings a change of hours
 * cancels — or why she wants to see a doctor now. Typing stops at the limit rather than failing on
 * submit.
 */
export function ReasonField({
  label,
  field,
  hint,
  counter,
  rows = 4,
  max = CANCEL_REASON_MAX,
  disabled,
}: {
  label: string;
  field: FieldProps<string>;
  hint?: string | undefined;
  /** Shows "12/500" under the field; the text is what a screen reader hears instead. */
  counter?: ((length: number, max: number) => string) | undefined;
  rows?: number;
  /** The longest text: a cancellation's by default; a visit's reason is another (REASON_MAX). */
  max?: number;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const length = field.value.length;
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        name={field.name}
        rows={rows}
        required
        maxLength={max}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={field['aria-invalid']}
        aria-describedby={describedByIds(
          hint ? hintId : undefined,
          field['aria-describedby'],
          counter ? counterId : undefined,
        )}
        className={controlClasses(Boolean(field.error))}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {counter ? (
        <div className="flex items-start justify-between gap-3">
          <FieldError id={field.errorId} error={field.error} />
          <p
            id={counterId}
            className={cn(
              'shrink-0 text-sm tabular-nums',
              length >= max ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
          >
            <span aria-hidden="true">
              {length}/{max}
            </span>
            <span className="sr-only">{counter(length, max)}</span>
          </p>
        </div>
      ) : (
        <FieldError id={field.errorId} error={field.error} />
      )}
    </div>
  );
}
