import { dependantInputSchema, type DependantInput } from '@vizita/shared/contracts/family';
import { toIsoDate } from '../../../lib/dates';
import type { FormSchema, SchemaIssue } from '../../../lib/use-schema-form';

/**
 * The add-a-person form's values, flat (the form hook holds strings): the insurance parts are
 * named by their path in the payload, which is also the `path` of the API's field errors.
 */
export type DependantFormValues = {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  relationship: string;
  country: string;
  nationalIdNumber: string;
  'insurance.type': string;
  'insurance.company': string;
  'insurance.number': string;
};

export const EMPTY_DEPENDANT: DependantFormValues = {
  firstName: '',
  lastName: '',
  birthDate: '',
  gender: '',
  relationship: '',
  country: '',
  nationalIdNumber: '',
  'insurance.type': '',
  'insurance.company': '',
  'insurance.number': '',
};

/** The payload of POST /api/dependants: each market's identifiers only for that market. */
export const dependantPayload = (v: DependantFormValues) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  birthDate: v.birthDate,
  gender: v.gender,
  relationship: v.relationship,
  country: v.country,
  nationalIdNumber: v.country === 'BG' ? v.nationalIdNumber : undefined,
  insurance:
    v.country === 'DE'
      ? {
          type: v['insurance.type'],
          company: v['insurance.company'],
          number: v['insurance.number'],
        }
      : undefined,
});

const flat = (issues: readonly SchemaIssue[]): SchemaIssue[] =>
  issues.map(({ path, message }) => ({ path: [path.map(String).join('.')], message }));

/** The shared contract over the flat fields, plus the server's "not in the future". */
export const dependantFormSchema: FormSchema<DependantFormValues, DependantInput> = {
  '~standard': {},
  safeParse(data) {
    const values = data as DependantFormValues;
    const result = dependantInputSchema.safeParse(dependantPayload(values));
    const issues = result.success ? [] : flat(result.error.issues);
    if (/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate) && values.birthDate > toIsoDate(new Date()))
      issues.push({ path: ['birthDate'], message: 'birthDateInvalid' });
    if (result.success && issues.length === 0) return result;
    return { success: false, error: { issues } };
  },
};
