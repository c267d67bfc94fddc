import * as z from 'zod/mini';
import { FOLLOW_UP_STATES } from '../domain/follow-ups.ts';
import { apiErrorSchema, successSchema } from './api-response.ts';
import { safeFreeText } from './field-checks.ts';

// Follow-up visits the doctor proposes after a consultation (issue #20, the spec's `follow-up`
// plan, "Follow-up Visit"): the proposal, the patient's choice of a time, and what both read.

/** Times the doctor may offer at once: a real choice, and still a short list on a phone. */
export const FOLLOW_UP_SLOTS_MAX = 5;
/**
 * "In about N weeks": at least one, and at most eight — eight weeks and the few days around them
 * (FOLLOW_UP_WEEK_SPREAD_DAYS) stay inside the 60 days a patient can book (BOOKING_WINDOW_DAYS).
 */
export const FOLLOW_UP_WEEKS_MIN = 1;
export const FOLLOW_UP_WEEKS_MAX = 8;
/** The doctor's note for the patient: a few paragraphs of advice, not a letter. */
export const FOLLOW_UP_NOTE_MAX = 2000;

/** An instant as the API gives a slot's start (`2026-11-24T08:00:00.000Z`): UTC, to the second. */
const instantSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'invalidValue'),
  z.refine((v) => !Number.isNaN(Date.parse(v)), 'invalidValue'),
);

/**
 * POST /api/doctor/appointments/:id/follow-ups — the doctor's proposal: one to five of their own
 * free slots, or "in about N weeks" (then the patient picks any free slot of that week), and a
 * note for the patient. No price: the server takes it from the clinic's fee for the doctor.
 */
export const proposeFollowUpSchema = z
  .strictObject({
    slots: z.optional(
      z.array(instantSchema).check(
        z.minLength(1, 'invalidValue'),
        z.maxLength(FOLLOW_UP_SLOTS_MAX, 'invalidValue'),
        z.refine((s) => new Set(s.map((v) => Date.parse(v))).size === s.length, 'invalidValue'),
      ),
    ),
    suggestedWeeks: z.optional(
      z
        .int('invalidValue')
        .check(
          z.minimum(FOLLOW_UP_WEEKS_MIN, 'invalidValue'),
          z.maximum(FOLLOW_UP_WEEKS_MAX, 'invalidValue'),
        ),
    ),
    note: z.optional(
      z.string().check(z.trim(), z.maxLength(FOLLOW_UP_NOTE_MAX, 'fieldTooLong'), safeFreeText()),
    ),
  })
  .check(
    // Either times or weeks: a proposal the patient can act on, and only one way to read it.
    z.refine((p) => (p.slots !== undefined) !== (p.suggestedWeeks !== undefined), {
      message: 'invalidValue',
      path: ['slots'],
    }),
  );
export type ProposeFollowUp = z.infer<typeof proposeFollowUpSchema>;

/** A time of the proposal, on the doctor's calendar, and whether nobody holds it now. */
export const followUpSlotSchema = z.object({
  startsAt: z.string(),
  date: z.string(),
  slot: z.string(),
  free: z.boolean(),
});
export type FollowUpSlot = z.infer<typeof followUpSlotSchema>;

/**
 * One proposal as its reader may see it. The patient and the doctor read the note; the clinic's
 * admins see that there is a proposal (to help a patient who asks) but not the note (`null`).
 * `slots`: the offered times with each one's state, or, for "in about N weeks", the free slots of
 * that week — while the proposal is open; none once it is not.
 */
export const followUpProposalSchema = z.object({
  _id: z.string(),
  appointmentId: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string() }),
  /** The patient's name, for the doctor and the clinic; null for the patient. */
  patient: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  state: z.enum(FOLLOW_UP_STATES),
  timeZone: z.string(),
  slots: z.array(followUpSlotSchema),
  suggestedWeeks: z.nullable(z.number()),
  /** For "in about N weeks": the first and last day the patient may choose (doctor's calendar). */
  window: z.nullable(z.object({ from: z.string(), to: z.string() })),
  note: z.nullable(z.string()),
  price: z.object({ amountMinor: z.number(), currency: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The follow-up appointment once booked (`accepted`), or while its payment is open (`checkout`). */
  followUpAppointmentId: z.nullable(z.string()),
  /** What the caller may do with it now. */
  mayAccept: z.boolean(),
  mayWithdraw: z.boolean(),
});
export type FollowUpProposal = z.infer<typeof followUpProposalSchema>;
export const followUpProposalResponseSchema = successSchema(followUpProposalSchema);
export const followUpProposalListResponseSchema = successSchema(z.array(followUpProposalSchema));

/** GET /api/doctor/follow-ups/price — what a follow-up with the calling doctor costs now. */
export const followUpPriceResponseSchema = successSchema(
  z.object({ amountMinor: z.number(), currency: z.string() }),
);

/**
 * GET /api/follow-ups — the proposals of one appointment the caller takes part in (or, for the
 * clinic, any); without `appointmentId`, the caller's own open ones (as patient or as doctor).
 */
export const followUpListQuerySchema = z.object({
  appointmentId: z.optional(z.uuid('invalidValue')),
});
export type FollowUpListQuery = z.infer<typeof followUpListQuerySchema>;

/** POST /api/follow-ups/:id/accept — the patient's chosen time, one of the proposal's. */
export const acceptFollowUpSchema = z.strictObject({ startsAt: instantSchema });
export type AcceptFollowUp = z.infer<typeof acceptFollowUpSchema>;

/**
 * The acceptance: `booked` — the visit is free and the appointment is upcoming now; `checkout` —
 * the slot is held and the patient pays at `sessionUrl`, as for any booking.
 */
export const acceptFollowUpResponseSchema = successSchema(
  z.union([
    z.object({ outcome: z.literal('booked'), appointmentId: z.string() }),
    z.object({
      outcome: z.literal('checkout'),
      appointmentId: z.string(),
      sessionUrl: z.string(),
      sessionId: z.string(),
    }),
  ]),
);
export type AcceptFollowUpResult = z.infer<typeof acceptFollowUpResponseSchema>['data'];

/**
 * The refusal of an acceptance whose time was taken meanwhile (409 `followUpSlotTaken`): the next
 * time of the proposal that is still free, if there is one, so the patient is offered it at once.
 */
export const followUpConflictSchema = z.extend(apiErrorSchema, {
  nextSlot: z.optional(z.nullable(followUpSlotSchema)),
});
