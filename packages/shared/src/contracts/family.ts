import * as z from 'zod/mini';
import { DEPENDANT_RELATIONSHIPS } from '../domain/guardianship.ts';
import { GENDERS, INSURANCE_TYPES, MARKET_COUNTRY_CODES } from '../domain/profile-options.ts';
import { successSchema } from './api-response.ts';
import { emailSchema, personName } from './auth.ts';
import { isObject, safeLine } from './field-checks.ts';
import {
  birthDateSchema,
  checkCountryRules,
  insuranceInputSchema,
  nationalIdSchema,
} from './profile.ts';

// "People in my account" (issue #22, ADR 0043): the dependants an account holder books for.

/** A family, not a clinic: a holder with more needs the clinic's help, not a bigger form. */
export const DEPENDANTS_MAX = 10;
/** A hand-over link lives as long as a staff invitation: a week to open one's mail. */
export const HANDOVER_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/**
 * POST /api/dependants and PUT /api/dependants/:id: the whole person, checked by the same
 * market rules as the holder's profile (an EGN that agrees with the birth date, or an ЛНЧ; in
 * Germany the insurance with a valid KVNR).
 */
export const dependantInputSchema = z
  .strictObject({
    firstName: personName('firstNameRequired', 'firstNameMin'),
    lastName: personName('lastNameRequired', 'lastNameMin'),
    birthDate: birthDateSchema,
    gender: z.enum(GENDERS, { error: 'genderRequired' }),
    relationship: z.enum(DEPENDANT_RELATIONSHIPS, { error: 'relationshipRequired' }),
    country: z.enum(MARKET_COUNTRY_CODES, { error: 'countryRequired' }),
    nationalIdNumber: nationalIdSchema,
    insurance: z.optional(insuranceInputSchema),
  })
  .check(z.superRefine(checkCountryRules, { when: isObject }));
export type DependantInput = z.infer<typeof dependantInputSchema>;

/** Where the dependant stands (domain/guardianship.ts), and a hand-over on its way. */
export const DEPENDANT_STATES = ['minor', 'of_age', 'in_care', 'handed_over'] as const;

/**
 * A dependant as the holder reads them. Once handed over, only the name and the day remain:
 * the identifiers are the other account's now.
 */
export const dependantSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  gender: z.enum(GENDERS),
  relationship: z.enum(DEPENDANT_RELATIONSHIPS),
  country: z.enum(MARKET_COUNTRY_CODES),
  nationalIdNumber: z.nullable(z.string()),
  insurance: z.nullable(
    z.object({ type: z.enum(INSURANCE_TYPES), company: z.string(), number: z.string() }),
  ),
  age: z.number(),
  state: z.enum(DEPENDANT_STATES),
  mayBook: z.boolean(),
  mayHandOver: z.boolean(),
  /** An invitation sent and not yet accepted: to whom and until when. */
  handover: z.nullable(z.object({ email: z.string(), expiresAt: z.string() })),
  handedOverAt: z.nullable(z.string()),
});
export type Dependant = z.infer<typeof dependantSchema>;
export const dependantResponseSchema = successSchema(dependantSchema);
export const dependantListResponseSchema = successSchema(z.array(dependantSchema));

/** POST /api/dependants/:id/handover: where the dependant's own invitation goes. */
export const handoverRequestSchema = z.strictObject({ email: emailSchema });
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

/** The single-use token of a hand-over link: opaque, bounded. */
const handoverToken = z
  .string('invalidValue')
  .check(z.minLength(1, 'invalidValue'), z.maxLength(200, 'invalidValue'), safeLine());

/** POST /api/dependants/handover/accept, by the signed-in account that takes the record over. */
export const acceptHandoverRequestSchema = z.strictObject({ token: handoverToken });
export const acceptHandoverResponseSchema = successSchema(
  z.object({ firstName: z.string(), lastName: z.string() }),
);
