import * as z from 'zod/mini';
import { LOCALES } from '../constants.ts';
import { successSchema } from './api-response.ts';
import { emailSchema } from './auth.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { safeLine } from './field-checks.ts';

// A video consultation for a person without an account (issue #12; KBV Anlage 31b: statutory
// patients must be able to join without registering). A doctor or an admin creates it by name and
// e-mail; the person gets a single-use link in their language, bound to the browser that opens it.

/** The guest's name as the doctor types it: what the call shows, nothing more. */
export const GUEST_NAME_MAX = 100;

/** POST /api/guest-consultations — by the doctor (for themselves) or an admin (for `doctorId`). */
export const createGuestConsultationSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'invalidValue'),
      z.maxLength(GUEST_NAME_MAX, 'fieldTooLong'),
      safeLine(),
    ),
  email: emailSchema,
  locale: z.enum(LOCALES, 'invalidValue'),
  date: calendarDateSchema,
  slot: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidValue')),
  /** Admins name the doctor; a doctor always creates for themselves (a value is refused). */
  doctorId: z.optional(z.uuid('invalidValue')),
});
export type CreateGuestConsultation = z.infer<typeof createGuestConsultationSchema>;

export const createGuestConsultationResponseSchema = successSchema(
  z.object({
    appointmentId: z.string(),
    startsAt: z.string(),
    /** The invitation left for the guest's mailbox (false: the doctor should send it again). */
    mailSent: z.boolean(),
  }),
);

/** The link's token: 32 random bytes, base64url. */
export const GUEST_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/guest/session — opens the link in this browser (once). */
export const openGuestLinkSchema = z.strictObject({
  token: z.string().check(z.regex(GUEST_LINK_TOKEN_PATTERN, 'invalidValue')),
});

/** What the guest's page shows: their consultation, and whether they still have to consent. */
export const guestConsultationSchema = z.object({
  appointmentId: z.string(),
  guestName: z.string(),
  doctorName: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  date: z.string(),
  slot: z.string(),
  status: z.enum(['upcoming', 'completed', 'no_show', 'cancelled']),
  opensAt: z.string(),
  closesAt: z.string(),
  locale: z.enum(LOCALES),
  videoConsentDue: z.boolean(),
});
export type GuestConsultation = z.infer<typeof guestConsultationSchema>;
export const guestConsultationResponseSchema = successSchema(guestConsultationSchema);
