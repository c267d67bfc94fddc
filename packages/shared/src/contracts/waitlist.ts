import * as z from 'zod/mini';
import { SPECIALTY_CODES } from '../domain/specialties.ts';
import { successSchema } from './api-response.ts';
import { PAYMENT_COUNTRIES, createSessionRequestSchema } from './payments.ts';

// Earlier-slot alerts (issue #20): "tell me if something earlier frees up" — for an upcoming
// appointment with its doctor, or, without one, for a doctor or a specialty — and the freed times
// offered to the waiting patients, first come, first served. The rules are in domain/waitlist.ts.

/**
 * Alerts one patient may have waiting at once: a few doctors or specialties and an appointment or
 * two, not a net thrown over the whole clinic (every freed time is offered to the oldest five, so
 * hoarding alerts would take offers from others).
 */
export const WAITLIST_OPEN_ENTRIES_MAX = 5;
/** Alerts a patient may ask for per day: asking, stopping and asking again, not a script. */
export const WAITLIST_JOINS_PER_DAY = 20;

export const WAITLIST_STATUSES = ['waiting', 'fulfilled', 'cancelled', 'expired'] as const;

/**
 * POST /api/waitlist — exactly one of: the caller's upcoming appointment to move earlier (at least
 * two days away), a doctor, or a specialty (code of domain/specialties.ts).
 */
export const joinWaitlistRequestSchema = z
  .strictObject({
    appointmentId: z.optional(z.uuid('invalidValue')),
    doctorId: z.optional(z.uuid('invalidValue')),
    specialty: z.optional(z.enum(SPECIALTY_CODES, 'invalidValue')),
  })
  .check(
    z.refine(
      (b) => [b.appointmentId, b.doctorId, b.specialty].filter((v) => v !== undefined).length === 1,
      { message: 'invalidValue', path: ['appointmentId'] },
    ),
  );
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

const doctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  specialties: z.array(z.string()),
});

/** One alert as its patient sees it. `status` is as of the answer (an alert past its end reads expired). */
export const waitlistEntrySchema = z.object({
  _id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** The appointment to move earlier; null for an alert for a doctor or a specialty. */
  appointmentId: z.nullable(z.string()),
  doctor: z.nullable(doctorSchema),
  specialty: z.nullable(z.string()),
  /** No offer after this instant: the appointment's original start, or the end of the search. */
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistEntryResponseSchema = successSchema(waitlistEntrySchema);
/** GET /api/waitlist — the caller's alerts, waiting ones first, then the newest. */
export const waitlistEntryListResponseSchema = successSchema(z.array(waitlistEntrySchema));

/**
 * What an offer is now: `open` (the time is free, take it), `taken` (by this patient), `gone`
 * (someone else has the time, or the doctor no longer offers it), `expired` (the alert ended, the
 * time began, or the appointment can no longer be moved).
 */
export const WAITLIST_OFFER_STATES = ['open', 'taken', 'gone', 'expired'] as const;
export type WaitlistOfferState = (typeof WAITLIST_OFFER_STATES)[number];

/** GET /api/waitlist/offers/:id — a freed time offered to the caller (the notification's link). */
export const waitlistOfferSchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  /** `reschedule`: taking it moves the paid appointment; `booking`: a new booking and checkout. */
  kind: z.enum(['reschedule', 'booking']),
  state: z.enum(WAITLIST_OFFER_STATES),
  doctor: doctorSchema,
  startsAt: z.string(),
  /** The doctor's zone, and the time's date and slot in it (spec §3's `date` and `slot`). */
  timeZone: z.string(),
  date: z.string(),
  slot: z.string(),
  /** The appointment it would move, for a reschedule. */
  appointment: z.nullable(z.object({ _id: z.string(), startsAt: z.string() })),
  /** What a new booking costs (the doctor's fee, ADR 0018); null for a reschedule, paid already. */
  price: z.nullable(z.object({ amountMinor: z.number(), currency: z.string() })),
  offeredAt: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;
export const waitlistOfferResponseSchema = successSchema(waitlistOfferSchema);

/**
 * POST /api/waitlist/offers/:id/take — a reschedule takes no body; a new booking may carry the
 * reason for the visit and the country paid from, as the booking's checkout does (spec §9: the
 * interface's language decides when it is not given).
 */
export const takeWaitlistOfferRequestSchema = z.strictObject({
  reason: createSessionRequestSchema.shape.reason,
  country: z.optional(z.enum(PAYMENT_COUNTRIES, 'invalidValue')),
});
export type TakeWaitlistOfferRequest = z.infer<typeof takeWaitlistOfferRequestSchema>;

export const takeWaitlistOfferResultSchema = z.discriminatedUnion('kind', [
  /** The appointment now starts at the offered time; nothing more to pay. */
  z.object({ kind: z.literal('moved'), appointmentId: z.string(), startsAt: z.string() }),
  /** The time is held for the checkout, as any booking's (ADR 0011): pay at `sessionUrl`. */
  z.object({
    kind: z.literal('checkout'),
    appointmentId: z.string(),
    sessionId: z.string(),
    sessionUrl: z.string(),
  }),
]);
export type TakeWaitlistOfferResult = z.infer<typeof takeWaitlistOfferResultSchema>;
export const takeWaitlistOfferResponseSchema = successSchema(takeWaitlistOfferResultSchema);
