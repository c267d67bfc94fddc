import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS, type CountryCode } from '@vizita/shared/domain/profile-options';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { toIsoDate } from '../../../lib/dates';
import type { FieldProps } from '../../../lib/use-schema-form';
import { COUNTRY_KEYS, GENDER_KEYS } from '../../../lib/profile-labels';
import { MARKET_FIELDS_CLEARED, type ProfileFieldValues } from '../utils/profile-form';

/** What the shared sections need of a profile form (useSchemaForm over ProfileFieldValues). */
export interface ProfileFieldsForm {
  field: (name: keyof ProfileFieldValues) => FieldProps<string>;
  values: ProfileFieldValues;
  setFieldValues: (next: Partial<ProfileFieldValues>) => void;
}

/** EGN: exactly 10 digits (spec §5, §9). */
const EGN_LENGTH = 10;
/** The oldest birth date the shared schema accepts. */
const BIRTH_DATE_MIN = '1900-01-01';

/** A titled group of fields: a fieldset whose legend is a heading, for both ways of browsing. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-1 border-t border-slate-200 pt-5 first-of-type:border-t-0 first-of-type:pt-0">
      <legend className="float-left mb-4 w-full">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      </legend>
      <div className="clear-left grid gap-x-5 gap-y-1 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Gender and date of birth. */
export function PersonalFields({ form, required }: { form: ProfileFieldsForm; required: boolean }) {
  const { t } = useTranslation(['profile', 'medical']);
  // Today, once: the date picker offers no day after it (the server refuses one, too).
  const [today] = useState(() => toIsoDate(new Date()));
  return (
    <>
      <SelectField
        label={t('fields.gender')}
        placeholder={t('fields.selectGender')}
        autoComplete="sex"
        required={required}
        {...form.field('gender')}
      >
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {t(GENDER_KEYS[gender], { ns: 'medical' })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.birthDate')}
        type="date"
        min={BIRTH_DATE_MIN}
        max={today}
        autoComplete="bday"
        required={required}
        {...form.field('birthDate')}
      />
    </>
  );
}

/** Street, number, post code, city and country; a new country clears the market fields. */
export function AddressFields({
  form,
  required,
  countries,
}: {
  form: ProfileFieldsForm;
  required: boolean;
  countries: readonly CountryCode[];
}) {
  const { t } = useTranslation(['profile', 'medical']);
  return (
    <>
      <TextField
        label={t('fields.street')}
        autoComplete="address-line1"
        required={required}
        className="sm:col-span-2"
        {...form.field('address')}
      />
      <TextField label={t('fields.number')} {...form.field('addressNumber')} />
      <TextField
        label={t('fields.postCode')}
        autoComplete="postal-code"
        {...form.field('postCode')}
      />
      <TextField
        label={t('fields.city')}
        autoComplete="address-level2"
        required={required}
        {...form.field('city')}
      />
      <SelectField
        label={t('fields.country')}
        placeholder={t('fields.selectCountry')}
        autoComplete="country"
        required={required}
        {...form.field('country')}
        onChange={(event) =>
          form.setFieldValues({ country: event.target.value, ...MARKET_FIELDS_CLEARED })
        }
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {t(COUNTRY_KEYS[code], { ns: 'medical' })}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The Bulgarian national ID (EGN), required with country BG (spec §5). */
export function NationalIdField({ form }: { form: ProfileFieldsForm }) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      label={t('fields.nationalId')}
      hint={t('fields.nationalIdHint')}
      inputMode="numeric"
      maxLength={EGN_LENGTH}
      autoComplete="off"
      required
      {...form.field('nationalIdNumber')}
    />
  );
}
