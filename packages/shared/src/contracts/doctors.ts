import * as z from 'zod/mini';
import { isSpecialtyCode } from '../domain/specialties.ts';
import { successSchema } from './api-response.ts';
import { calendarDateSchema } from './calendar-date.ts';

/** How far ahead patients may book (spec §9: 60 days from today, in the doctor's calendar). */
export const BOOKING_WINDOW_DAYS = 60;

// A real day: 2026-02-30 is a 400, not a failure deeper in (issue #11).
const isoDate = calendarDateSchema;

/** Languages a doctor may consult in (ISO 639-1): the markets' own and the common second ones. */
export const CONSULTATION_LANGUAGES = [
  'bg',
  'de',
  'en',
  'ru',
  'tr',
  'fr',
  'es',
  'it',
  'el',
  'ro',
  'pl',
  'uk',
  'ar',
] as const;
export type ConsultationLanguage = (typeof CONSULTATION_LANGUAGES)[number];

/**
 * The doctor entity of spec §3 — specialties as catalogue codes (each screen names them in its
 * language) — with the languages spoken, a short bio in the reader's language, the fee the server
 * charges, and the next free slot (within two weeks). Never the doctor's sign-in e-mail.
 */
export const doctorSchema = z.object({
  _id: z.string(),
  /** The public page's address, /doctors/<slug> (issue #22); a booking link names the doctor by it. */
  slug: z.string(),
  name: z.string(),
  specialties: z.array(z.string()),
  experience: z.optional(z.number()),
  photoUrl: z.optional(z.string()),
  timeZone: z.string(),
  slotMinutes: z.number(),
  languages: z.array(z.string()),
  bio: z.optional(z.string()),
  fee: z.object({ amountMinor: z.number(), currency: z.string() }),
  nextAvailable: z.nullable(z.object({ startsAt: z.string(), date: z.string(), slot: z.string() })),
  /** Where the doctor practises: a city, and its country (ISO 3166-1 alpha-2). */
  city: z.optional(z.string()),
  country: z.optional(z.string()),
});
export type Doctor = z.infer<typeof doctorSchema>;
export const doctorListResponseSchema = successSchema(z.array(doctorSchema));

/** GET /api/doctors?specialty&language — the booking page's filters. */
export const doctorListQuerySchema = z.object({
  specialty: z.optional(z.string().check(z.refine(isSpecialtyCode, 'invalidValue'))),
  language: z.optional(z.enum(CONSULTATION_LANGUAGES, 'invalidValue')),
});
export type DoctorListQuery = z.infer<typeof doctorListQuerySchema>;

/** GET /api/availability: one `date`, or a `startDate`–`endDate` range (spec §7). */
export const availabilityQuerySchema = z
  .object({
    doctorId: z.uuid('invalidValue'),
    date: z.optional(isoDate),
    startDate: z.optional(isoDate),
    endDate: z.optional(isoDate),
  })
  .check(
    z.refine(
      (q) => (q.date !== undefined) !== (q.startDate !== undefined && q.endDate !== undefined),
      {
        message: 'invalidValue',
        path: ['date'],
      },
    ),
    z.refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: 'invalidValue',
      path: ['endDate'],
    }),
  );
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/**
 * An availability entry of spec §3 (`date`, `slots` in the doctor's wall-clock time), plus each
 * slot's UTC instant so a client in another zone can show it in its own.
 */
export const availabilityEntrySchema = z.object({
  date: z.string(),
  slots: z.array(z.string()),
  times: z.array(z.object({ slot: z.string(), startsAt: z.string() })),
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;
export const availabilityResponseSchema = successSchema(z.array(availabilityEntrySchema));
