import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldError } from '../../../components/ui/field-error';
import type { FieldProps } from '../../../lib/use-schema-form';

/** Several choices under one legend (a doctor's specialties, languages), with one error. */
export function CheckboxGroup({
  legend,
  options,
  field,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  /** The list of chosen values; each box carries its name, so a refused list focuses the first. */
  field: FieldProps<string[]>;
}) {
  const { value, onChange } = field;
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...value, option] : value.filter((v) => v !== option));
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={field['aria-describedby']}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <CheckboxField
            key={option.value}
            label={option.label}
            name={field.name}
            checked={value.includes(option.value)}
            onChange={(e) => toggle(option.value, e.target.checked)}
            onBlur={field.onBlur}
          />
        ))}
      </div>
      <FieldError id={field.errorId} error={field.error} />
    </fieldset>
  );
}
