import { useTranslation } from 'react-i18next';
import { useDependants } from '../api/get-dependants';

/**
 * "For whom is this appointment?" (issue #22, ADR 0043): the account holder, or a person in their
 * account whom the age policy lets them book for. `value` is the dependant's id, '' for herself.
 * Nothing is shown to a holder with nobody to book for.
 */
export function ForWhomField({
  value,
  onChange,
  disabled,
  className,
}: {
  value: string;
  onChange: (dependantId: string) => void;
  disabled?: boolean | undefined;
  className?: string | undefined;
}) {
  const { t } = useTranslation('appointments');
  const bookable = (useDependants().data ?? []).filter((d) => d.mayBook);
  if (bookable.length === 0) return null;
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">{t('booking.confirm.forWhom')}</legend>
      <div className="mt-2 space-y-2">
        {[
          { id: '', label: t('booking.confirm.myself') },
          ...bookable.map((d) => ({
            id: d.id,
            label: t('booking.confirm.dependant', {
              name: `${d.firstName} ${d.lastName}`,
              age: d.age,
            }),
          })),
        ].map((option) => (
          <label
            key={option.id || 'self'}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-900 has-checked:border-teal-600 has-checked:bg-teal-50"
          >
            <input
              type="radio"
              name="forWhom"
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              className="size-4 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
