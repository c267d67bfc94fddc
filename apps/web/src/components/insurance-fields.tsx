import { useTranslation } from 'react-i18next';
import {
  INSURANCE_TYPES,
  insurersFor,
  type InsuranceType,
} from '@vizita/shared/domain/profile-options';
import type { FieldProps } from '../lib/use-schema-form';
import { INSURANCE_TYPE_KEYS } from '../lib/profile-labels';
import { SelectField } from './ui/select-field';
import { TextField } from './ui/text-field';

const isInsuranceType = (value: string): value is InsuranceType =>
  (INSURANCE_TYPES as readonly string[]).includes(value);

/** A new insurance type leaves no company or number of the old one behind. */
const INSURER_FIELDS_CLEARED = { 'insurance.company': '', 'insurance.number': '' } as const;

type InsuranceFieldName = 'insurance.type' | 'insurance.company' | 'insurance.number';

/** What the insurance fields need of a form: the holder's profile, or a dependant's (issue #22). */
export interface InsuranceFieldsForm {
  field: (name: InsuranceFieldName) => FieldProps<string>;
  values: { 'insurance.type': string };
  setFieldValues: (next: Partial<Record<InsuranceFieldName, string>>) => void;
}

/**
 * German health insurance, required with country DE (spec §5): the insurer list follows the
 * type, and a new type clears the company and the number.
 */
export function InsuranceFields({ form }: { form: InsuranceFieldsForm }) {
  const { t } = useTranslation(['profile', 'medical']);
  const type = form.values['insurance.type'];
  const insurers = isInsuranceType(type) ? insurersFor(type) : [];
  return (
    <>
      <SelectField
        label={t('fields.insuranceType')}
        placeholder={t('fields.selectInsuranceType')}
        required
        {...form.field('insurance.type')}
        onChange={(event) =>
          form.setFieldValues({ 'insurance.type': event.target.value, ...INSURER_FIELDS_CLEARED })
        }
      >
        {INSURANCE_TYPES.map((insuranceType) => (
          <option key={insuranceType} value={insuranceType}>
            {t(INSURANCE_TYPE_KEYS[insuranceType], { ns: 'medical' })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('fields.insuranceCompany')}
        placeholder={t('fields.selectInsuranceCompany')}
        hint={insurers.length === 0 ? t('fields.insuranceCompanyHint') : undefined}
        disabled={insurers.length === 0}
        required
        {...form.field('insurance.company')}
      >
        {/* Insurers are proper names, the same in every language. */}
        {insurers.map((insurer) => (
          <option key={insurer} value={insurer}>
            {insurer}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.insuranceNumber')}
        autoComplete="off"
        required
        className="sm:col-span-2"
        {...form.field('insurance.number')}
      />
    </>
  );
}
