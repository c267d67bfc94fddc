import * as z from 'zod/mini';
import { isSpecialtyCode } from '../domain/specialties.ts';
import { successSchema } from './api-response.ts';
import { CONSULTATION_LANGUAGES } from './doctors.ts';
import { safeFreeText, safeLine } from './field-checks.ts';

export const DOCTOR_SPECIALTIES_MAX = 5;
export const DOCTOR_LANGUAGES_MAX = 8;
/** A short bio: a few sentences on a doctor card, not a CV. */
export const DOCTOR_BIO_MAX = 1000;
export const DOCTOR_TITLE_MAX = 20;

const bio = z.optional(
  z.string().check(z.trim(), z.maxLength(DOCTOR_BIO_MAX, 'fieldTooLong'), safeFreeText()),
);

/** PUT /api/doctor/profile — what a doctor edits of their public profile. */
export const updateDoctorProfileSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'invalidValue'),
      z.maxLength(DOCTOR_TITLE_MAX, 'fieldTooLong'),
      safeLine(),
    ),
  specialties: z
    .array(z.string().check(z.refine(isSpecialtyCode, 'invalidValue')))
    .check(z.minLength(1, 'invalidValue'), z.maxLength(DOCTOR_SPECIALTIES_MAX, 'invalidValue')),
  languages: z
    .array(z.enum(CONSULTATION_LANGUAGES, 'invalidValue'))
    .check(z.minLength(1, 'invalidValue'), z.maxLength(DOCTOR_LANGUAGES_MAX, 'invalidValue')),
  bios: z.object({ en: bio, bg: bio, de: bio }),
  experienceYears: z.nullable(
    z.int('invalidValue').check(z.minimum(0, 'invalidValue'), z.maximum(70, 'invalidValue')),
  ),
});
export type UpdateDoctorProfile = z.infer<typeof updateDoctorProfileSchema>;

/** The doctor's own view: what they edit, and what the clinic sets for them. */
export const doctorOwnProfileSchema = z.object({
  title: z.string(),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  bios: z.object({
    en: z.optional(z.string()),
    bg: z.optional(z.string()),
    de: z.optional(z.string()),
  }),
  experienceYears: z.nullable(z.number()),
  photoUrl: z.nullable(z.string()),
  timeZone: z.string(),
  slotMinutes: z.number(),
  fee: z.object({ amountMinor: z.number(), currency: z.string() }),
});
export type DoctorOwnProfile = z.infer<typeof doctorOwnProfileSchema>;
export const doctorOwnProfileResponseSchema = successSchema(doctorOwnProfileSchema);
