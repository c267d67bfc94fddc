import * as z from 'zod/mini';
import { LOCALES } from '../constants.ts';
import { DOCTOR_SLUG_PATTERN } from '../domain/booking-link.ts';
import { MARKET_COUNTRY_CODES } from '../domain/profile-options.ts';
import { isSpecialtyCode } from '../domain/specialties.ts';
import { FEE_MINOR_MAX } from './admin.ts';
import { CONSULTATION_LANGUAGES } from './doctors.ts';

/** The "next free time" choices of the public directory, in days from today. */
export const WITHIN_DAYS = [1, 3, 7, 14] as const;

// A GET form sends an unchosen select as an empty value: the same as not sent.
const orEmpty = <T extends z.core.SomeType>(schema: T) =>
  z.optional(z.union([z.literal(''), schema]));

/** A place filter: a market's country, or a city in it ("DE/Berlin"). */
export const PLACE_PATTERN = new RegExp(`^(${MARKET_COUNTRY_CODES.join('|')})(/[^/]{1,80})?$`);

/**
 * GET /doctors — the public directory's filters (issue #22), as its form sends them: a specialty
 * code, a language spoken, a place, the next free time within some days, the highest fee in euro,
 * and the page's language (else the browser's Accept-Language chooses).
 */
export const publicDirectoryQuerySchema = z.object({
  specialty: orEmpty(z.string().check(z.refine(isSpecialtyCode, 'invalidValue'))),
  language: orEmpty(z.enum(CONSULTATION_LANGUAGES, 'invalidValue')),
  place: orEmpty(z.string().check(z.regex(PLACE_PATTERN, 'invalidValue'))),
  within: orEmpty(z.enum(WITHIN_DAYS.map(String) as ['1', '3', '7', '14'], 'invalidValue')),
  maxFee: orEmpty(
    z.string().check(
      z.regex(/^\d{1,4}([.,]\d{1,2})?$/, 'invalidValue'),
      z.refine((fee) => Number(fee.replace(',', '.')) * 100 <= FEE_MINOR_MAX, 'invalidValue'),
    ),
  ),
  lang: orEmpty(z.enum(LOCALES, 'invalidValue')),
});
export type PublicDirectoryQuery = z.infer<typeof publicDirectoryQuerySchema>;

/** GET /doctors/:slug — the page's language, else the browser's. */
export const publicDoctorQuerySchema = z.object({ lang: orEmpty(z.enum(LOCALES, 'invalidValue')) });

/** A doctor's public address: what slugs are made of (apps/api doctors/slugs.ts). */
export const doctorSlugSchema = z.string().check(z.regex(DOCTOR_SLUG_PATTERN));
