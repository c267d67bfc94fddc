import { useTranslation } from 'react-i18next';
import { MARKET_COUNTRY_CODES } from '@vizita/shared/domain/profile-options';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { FieldProps } from '../../../lib/use-schema-form';

/**
 * Title, zone, consultation length, fee, follow-up fee, prescription request fee and where the
 * doctor practises: the same in the invitation and the edit form.
 */
export function DoctorCommonFields({
  field,
}: {
  field: (
    name:
      | 'title'
      | 'timeZone'
      | 'slotMinutes'
      | 'fee'
      | 'followUpFee'
      | 'prescriptionFee'
      | 'city'
      | 'country',
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
      {/* The public directory's place filter (issue #22). */}
      <TextField
        label={t('doctors.city')}
        {...field('city')}
        autoComplete="off"
        hint={t('doctors.cityHint')}
      />
      <SelectField
        label={t('doctors.country')}
        {...field('country')}
        placeholder={t('doctors.countryNone')}
      >
        {MARKET_COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {t(code === 'BG' ? 'doctors.countryBG' : 'doctors.countryDE')}
          </option>
        ))}
      </SelectField>
    </>
  );
}
