import {
  completeProfileRequestSchema,
  updateProfileRequestSchema,
  type CompleteProfileRequest,
  type Profile,
  type UpdateProfileRequest,
} from '@vizita/shared/contracts/profile';
import { countryName } from '@vizita/shared/domain/profile-options';
import { toIsoDate } from '../../../lib/dates';
import type { FormSchema, SchemaIssue } from '../../../lib/use-schema-form';

/**
 * The fields both profile forms share, flat: the form hook holds strings and booleans only. The
 * insurance parts are named by their path in the payload, which is also the `path` of the API's
 * field errors (`insurance.type`), so those land on the right control without a mapping.
 */
export type ProfileFieldValues = {
  gender: string;
  birthDate: string;
  address: string;
  addressNumber: string;
  postCode: string;
  city: string;
  country: string;
  nationalIdNumber: string;
  'insurance.type': string;
  'insurance.company': string;
  'insurance.number': string;
};

export type CompleteProfileFormValues = ProfileFieldValues & {
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
};

/** What a new country empties (spec §5): the identifiers of the other market. */
export const MARKET_FIELDS_CLEARED = {
  nationalIdNumber: '',
  'insurance.type': '',
  'insurance.company': '',
  'insurance.number': '',
} as const satisfies Partial<ProfileFieldValues>;

/** What a new insurance type empties (spec §5): the company list depends on the type. */
export const INSURER_FIELDS_CLEARED = {
  'insurance.company': '',
  'insurance.number': '',
} as const satisfies Partial<ProfileFieldValues>;

/** The form's values from the stored profile; a country outside `countries` is left unchosen. */
export function profileFieldValues(
  profile: Profile | undefined,
  countries: readonly string[],
): ProfileFieldValues {
  const address = profile?.address;
  const code = address?.country?.code ?? '';
  const country = countries.includes(code) ? code : '';
  return {
    gender: profile?.gender ?? '',
    birthDate: profile?.birthday ?? '',
    address: address?.street ?? '',
    addressNumber: address?.number ?? '',
    postCode: address?.postCode ?? '',
    city: address?.city ?? '',
    country,
    nationalIdNumber: country === 'BG' ? (profile?.nationalIdNumber ?? '') : '',
    'insurance.type': country === 'DE' ? (profile?.insurance?.type ?? '') : '',
    'insurance.company': country === 'DE' ? (profile?.insurance?.company ?? '') : '',
    'insurance.number': country === 'DE' ? (profile?.insurance?.number ?? '') : '',
  };
}

const insuranceOf = (values: ProfileFieldValues) => ({
  type: values['insurance.type'],
  company: values['insurance.company'],
  number: values['insurance.number'],
});

/** The nested payload's issues on the flat fields: ['insurance', 'type'] → 'insurance.type'. */
function flatIssues(issues: readonly SchemaIssue[]): SchemaIssue[] {
  return issues.map(({ path, message }) => ({ path: [path.map(String).join('.')], message }));
}

/** The server refuses a birth date in the future; a rule with a clock, so not in the schema. */
function isFutureDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value > toIsoDate(new Date());
}

/** A form schema over the flat fields that validates the payload built from them. */
function flatSchema<V extends ProfileFieldValues, Output>(
  schema: Pick<FormSchema<unknown, Output>, 'safeParse'>,
  toPayload: (values: V) => unknown,
): FormSchema<V, Output> {
  return {
    '~standard': {},
    safeParse(data) {
      const values = data as V;
      const result = schema.safeParse(toPayload(values));
      const issues = result.success ? [] : flatIssues(result.error.issues);
      if (isFutureDate(values.birthDate)) {
        issues.push({ path: ['birthDate'], message: 'birthDateInvalid' });
      }
      if (result.success && issues.length === 0) return result;
      return { success: false, error: { issues } };
    },
  };
}

/**
 * PUT /auth/complete-profile from the form (spec §3): the national ID only for BG, the insurance
 * only for DE. The shared schema holds every rule, including the EGN and the insurer list.
 */
export const completeProfileFormSchema = flatSchema<
  CompleteProfileFormValues,
  CompleteProfileRequest
>(completeProfileRequestSchema, (values) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  gender: values.gender,
  birthDate: values.birthDate,
  address: values.address,
  addressNumber: values.addressNumber,
  postCode: values.postCode,
  city: values.city,
  country: values.country,
  countryName: countryName(values.country),
  nationalIdNumber: values.country === 'BG' ? values.nationalIdNumber : undefined,
  insurance: values.country === 'DE' ? insuranceOf(values) : undefined,
  termsAccepted: values.termsAccepted,
}));

/**
 * PUT /auth/profile from the form (spec §3): empty fields are left out (the schema turns empty
 * texts into absent ones), the national ID goes only with BG, and the insurance only with DE
 * when at least one of its fields is filled.
 */
export const editProfileFormSchema = flatSchema<ProfileFieldValues, UpdateProfileRequest>(
  updateProfileRequestSchema,
  (values) => {
    const insurance = insuranceOf(values);
    const hasInsurance = Object.values(insurance).some((part) => part.trim() !== '');
    return {
      gender: values.gender || undefined,
      birthDate: values.birthDate || undefined,
      address: values.address,
      addressNumber: values.addressNumber,
      postCode: values.postCode,
      city: values.city,
      country: values.country || undefined,
      nationalIdNumber: values.country === 'BG' ? values.nationalIdNumber : undefined,
      insurance: values.country === 'DE' && hasInsurance ? insurance : undefined,
    };
  },
);
