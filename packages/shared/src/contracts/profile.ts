import * as z from 'zod/mini';
import { egnBirthDate, isValidEgn } from '../domain/egn.ts';
import { isValidKvnr } from '../domain/kvnr.ts';
import { isValidLnch } from '../domain/lnch.ts';
import {
  COUNTRY_CODES,
  GENDERS,
  INSURANCE_TYPES,
  MARKET_COUNTRY_CODES,
  insurersFor,
  type InsuranceType,
} from '../domain/profile-options.ts';
import { successSchema } from './api-response.ts';
import { personName } from './auth.ts';
import { filled, isObject, safeLine } from './field-checks.ts';

// Payloads of spec §3 (Complete-profile payload, Profile update payload) and their rules (§5).

/** Lengths that fit a postal address anywhere in the two markets, with room to spare. */
export const STREET_MAX = 120;
export const STREET_NUMBER_MAX = 20;
export const POST_CODE_MAX = 12;
export const CITY_MAX = 80;
/** German insurance numbers are 10 characters (statutory) or insurer-specific (private). */
export const INSURANCE_NUMBER_MAX = 30;
const INSURANCE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
/** The oldest birth date we accept: nobody alive was born before 1900. */
const BIRTH_DATE_MIN = '1900-01-01';

/** Trimmed text; an empty string counts as absent (spec §3: "Empty fields are omitted"). */
const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, 'fieldTooLong'), safeLine()),
      z.transform((v) => (v ? v : undefined)),
    ),
  );

/** A calendar date (YYYY-MM-DD) that exists; "not in the future" needs a clock, so the service checks it. */
export const birthDateSchema = z.string({ error: 'birthDateRequired' }).check(
  z.trim(),
  z.minLength(1, 'birthDateRequired'),
  z.refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return (
        /^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(d.getTime()) &&
        d.toISOString().startsWith(v) &&
        v >= BIRTH_DATE_MIN
      );
    },
    { message: 'birthDateInvalid', when: filled },
  ),
);

const insuranceTypeSchema = z.pipe(
  z.transform((v: unknown) => (v === 'public' ? 'state' : v)),
  z.enum(INSURANCE_TYPES, { error: 'insuranceTypeRequired' }),
);

/** Insurance as the forms send it: each part may be empty while the user is typing. */
export const insuranceInputSchema = z.object({
  type: z.optional(z.union([insuranceTypeSchema, z.literal('')])),
  company: optionalText(100),
  number: optionalText(INSURANCE_NUMBER_MAX),
});

type CountryRuleInput = {
  country?: string | undefined;
  nationalIdNumber?: string | undefined;
  birthDate?: string | undefined;
  insurance?:
    | {
        type?: InsuranceType | '' | undefined;
        company?: string | undefined;
        number?: string | undefined;
      }
    | undefined;
};

/**
 * The market rules (spec §5): BG needs a valid EGN that agrees with the birth date; DE needs an
 * insurance type, and with it a company from that type's list and a number.
 */
export function checkCountryRules(
  v: CountryRuleInput,
  ctx: {
    addIssue: (issue: {
      code: 'custom';
      path: PropertyKey[];
      message: string;
      input?: unknown;
    }) => void;
  },
) {
  if (v.country === 'BG') {
    if (!v.nationalIdNumber)
      ctx.addIssue({ code: 'custom', path: ['nationalIdNumber'], message: 'nationalIdRequired' });
    // A resident without an EGN gives the foreigner's personal number (ЛНЧ) instead; it carries
    // no birth date to compare. A number valid as both is an EGN (ADR 0020).
    else if (!isValidEgn(v.nationalIdNumber)) {
      if (!isValidLnch(v.nationalIdNumber))
        ctx.addIssue({ code: 'custom', path: ['nationalIdNumber'], message: 'egnInvalid' });
    } else if (v.birthDate && egnBirthDate(v.nationalIdNumber) !== v.birthDate) {
      ctx.addIssue({ code: 'custom', path: ['nationalIdNumber'], message: 'egnBirthDateMismatch' });
    }
  }
  if (v.country === 'DE') {
    const type = v.insurance?.type;
    if (!type) {
      ctx.addIssue({
        code: 'custom',
        path: ['insurance', 'type'],
        message: 'insuranceTypeRequired',
      });
      return;
    }
    const company = v.insurance?.company;
    if (!company)
      ctx.addIssue({
        code: 'custom',
        path: ['insurance', 'company'],
        message: 'insuranceCompanyRequired',
      });
    else if (!insurersFor(type).includes(company))
      ctx.addIssue({
        code: 'custom',
        path: ['insurance', 'company'],
        message: 'insuranceCompanyInvalid',
      });
    const number = v.insurance?.number;
    if (!number)
      ctx.addIssue({
        code: 'custom',
        path: ['insurance', 'number'],
        message: 'insuranceNumberRequired',
      });
    // Statutory insurance numbers are KVNRs with a check digit; private insurers use their own.
    else if (type === 'state' ? !isValidKvnr(number) : !INSURANCE_NUMBER_PATTERN.test(number))
      ctx.addIssue({
        code: 'custom',
        path: ['insurance', 'number'],
        message: type === 'state' ? 'kvnrInvalid' : 'insuranceNumberInvalid',
      });
  }
}

/** An EGN or ЛНЧ as the forms send it; empty counts as absent. */
export const nationalIdSchema = z.optional(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(10, 'egnInvalid'), safeLine()),
    z.transform((v) => (v ? v : undefined)),
  ),
);

/**
 * PUT /auth/complete-profile. Gender, birth date and street/city/country are required here,
 * unlike the spec form's "other fields are optional", because the spec's own server rule calls a
 * profile complete only with them (ADR 0008).
 */
export const completeProfileRequestSchema = z
  .strictObject({
    firstName: personName('firstNameRequired', 'firstNameMin'),
    lastName: personName('lastNameRequired', 'lastNameMin'),
    gender: z.enum(GENDERS, { error: 'genderRequired' }),
    birthDate: birthDateSchema,
    address: z
      .string({ error: 'streetRequired' })
      .check(
        z.trim(),
        z.minLength(1, 'streetRequired'),
        z.maxLength(STREET_MAX, 'fieldTooLong'),
        safeLine(),
      ),
    addressNumber: optionalText(STREET_NUMBER_MAX),
    postCode: optionalText(POST_CODE_MAX),
    city: z
      .string({ error: 'cityRequired' })
      .check(
        z.trim(),
        z.minLength(1, 'cityRequired'),
        z.maxLength(CITY_MAX, 'fieldTooLong'),
        safeLine(),
      ),
    country: z.enum(COUNTRY_CODES, { error: 'countryRequired' }),
    /** Sent by the spec's client; the server derives the name from the code. */
    countryName: z.optional(z.string().check(z.maxLength(80), safeLine())),
    nationalIdNumber: nationalIdSchema,
    insurance: z.optional(insuranceInputSchema),
    termsAccepted: z.literal(true, { error: 'profileTermsRequired' }),
  })
  .check(z.superRefine(checkCountryRules, { when: isObject }));
export type CompleteProfileRequest = z.infer<typeof completeProfileRequestSchema>;

/** PUT /auth/profile: every field optional; empty fields are omitted by the client (spec §3). */
export const updateProfileRequestSchema = z
  .strictObject({
    gender: z.optional(z.enum(GENDERS, { error: 'genderRequired' })),
    birthDate: z.optional(birthDateSchema),
    address: optionalText(STREET_MAX),
    addressNumber: optionalText(STREET_NUMBER_MAX),
    postCode: optionalText(POST_CODE_MAX),
    city: optionalText(CITY_MAX),
    country: z.optional(z.enum(MARKET_COUNTRY_CODES, { error: 'countryInvalid' })),
    nationalIdNumber: nationalIdSchema,
    insurance: z.optional(insuranceInputSchema),
  })
  .check(z.superRefine(checkCountryRules, { when: isObject }));
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The profile entity of spec §3, as GET /auth/profile answers it. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  gender: z.nullable(z.enum(GENDERS)),
  birthday: z.nullable(z.string()),
  address: z.nullable(
    z.object({
      street: z.nullable(z.string()),
      number: z.nullable(z.string()),
      postCode: z.nullable(z.string()),
      city: z.nullable(z.string()),
      country: z.nullable(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
  nationalIdNumber: z.nullable(z.string()),
  insurance: z.nullable(
    z.object({ type: z.enum(INSURANCE_TYPES), company: z.string(), number: z.string() }),
  ),
  emailVerified: z.boolean(),
  memberSince: z.string(),
  isComplete: z.boolean(),
  completionPercentage: z.int().check(z.minimum(0), z.maximum(100)),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = successSchema(profileSchema);
