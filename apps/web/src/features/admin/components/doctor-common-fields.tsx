import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { useValidationMessage } from '../../../lib/i18n';
import type { DoctorFields, FieldErrors } from './doctor-fields';

/** Title, zone, consultation length and fee: the same in the invitation and the edit form. */
export function DoctorCommonFields({
  value,
  onChange,
  errors,
}: {
  value: DoctorFields;
  onChange: (field: 'title' | 'timeZone' | 'slotMinutes' | 'fee', text: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('admin');
  const message = useValidationMessage();
  return (
    <>
      <TextField
        label={t('doctors.titleField')}
        value={value.title}
        onChange={(e) => onChange('title', e.target.value)}
        error={message(errors.title)}
        required
      />
      <TextField
        label={t('doctors.timeZone')}
        value={value.timeZone}
        onChange={(e) => onChange('timeZone', e.target.value)}
        error={message(errors.timeZone)}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <TextField
        label={t('doctors.slotMinutes')}
        type="number"
        inputMode="numeric"
        min={10}
        max={240}
        value={value.slotMinutes}
        onChange={(e) => onChange('slotMinutes', e.target.value)}
        error={message(errors.slotMinutes)}
        required
      />
      <TextField
        label={t('doctors.fee')}
        inputMode="decimal"
        value={value.fee}
        onChange={(e) => onChange('fee', e.target.value)}
        error={message(errors.fee)}
        hint={t('doctors.feeHint')}
        required
      />
    </>
  );
}
