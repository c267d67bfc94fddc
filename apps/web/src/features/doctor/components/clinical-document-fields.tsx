import { useId } from 'react';
import { describedByIds, FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { controlClasses } from '../../../components/ui/text-field';
import type { FieldProps } from '../../../lib/use-schema-form';

/**
 * A labelled text area of the document dialogs (dosage instructions, a referral's question, a
 * revocation's reason): typing stops at the contract's limit rather than failing on submit.
 */
export function TextAreaField({
  label,
  field,
  maxLength,
  hint,
  rows = 3,
  required = false,
  disabled,
}: {
  label: string;
  field: FieldProps<string>;
  maxLength: number;
  hint?: string | undefined;
  rows?: number;
  required?: boolean;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        name={field.name}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={field['aria-invalid']}
        aria-describedby={describedByIds(hint ? hintId : undefined, field['aria-describedby'])}
        className={controlClasses(Boolean(field.error))}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}
