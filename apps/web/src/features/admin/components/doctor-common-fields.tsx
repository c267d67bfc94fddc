import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { FieldProps } from '../../../lib/use-schema-form';

/**
 * Title, zone, consultation length, fee, follow-up fee and prescription request fee: the same in
 * the invitation and the edit form.
 */
export function DoctorCommonFields({
  field,
}: {
  field: (
    name: 'title' | 'timeZone' | 'slotMinutes' | 'fee' | 'followUpFee' | 'prescriptionFee',
  ) => FieldProps<string>;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <TextField label={t('doctors.titleField')} {...field('title')} required />
      <TextField
        label={t('doctors.timeZone')}
        {...field('timeZone')}
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
        {...field('slotMinutes')}
        required
      />
      <TextField
        label={t('doctors.fee')}
        inputMode="decimal"
        {...field('fee')}
        hint={t('doctors.feeHint')}
        required
      />
      <TextField
        label={t('doctors.followUpFee')}
        inputMode="decimal"
        {...field('followUpFee')}
        hint={t('doctors.followUpFeeHint')}
      />
      <TextField
        label={t('doctors.prescriptionFee')}
        inputMode="decimal"
        {...field('prescriptionFee')}
        hint={t('doctors.prescriptionFeeHint')}
      />
    </>
  );
}
