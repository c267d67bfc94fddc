import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';

/** How far ahead patients may book (spec §9: 60 days from today, in the doctor's calendar). */
export const BOOKING_WINDOW_DAYS = 60;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidValue'));

/** The doctor entity of spec §3. */
export const doctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  specialties: z.array(z.string()),
  experience: z.optional(z.number()),
  photoUrl: z.optional(z.string()),
  timeZone: z.string(),
  slotMinutes: z.number(),
});
export type Doctor = z.infer<typeof doctorSchema>;
export const doctorListResponseSchema = successSchema(z.array(doctorSchema));

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
