import * as z from 'zod/mini';
import { calendarDateSchema } from './calendar-date.ts';
import { successSchema } from './api-response.ts';
import { safeFreeText, safeLine } from './field-checks.ts';

/**
 * Spec §9: 60 per appointment, in minor units — now the default of each doctor's fee, which the
 * server charges (ARCHITECTURE.md §4: money is integer minor units).
 */
export const CONSULTATION_FEE_MINOR = 6000;
/**
 * Every new booking is in euro, in both markets: Bulgaria adopted the euro on 2026-01-01 and the
 * lev stopped being legal tender on 2026-01-31, which overtakes the spec's BGN rule (ADR 0018).
 * Payments made in BGN before keep their currency in the history and on receipts.
 */
export const BOOKING_CURRENCY = 'EUR';
/** The spec's `country` of a booking (spec §7); it no longer decides the currency. */
export const PAYMENT_COUNTRIES = ['Bulgaria', 'Germany'] as const;
export type PaymentCountry = (typeof PAYMENT_COUNTRIES)[number];
/** A payment hold lasts as long as the checkout: 30 minutes, Stripe's shortest session. */
export const CHECKOUT_LIFETIME_MS = 30 * 60_000;
/** Spec §5: the reason for visit is optional and defaults to "General consultation". */
export const DEFAULT_VISIT_REASON = 'General consultation';
export const REASON_MAX = 500;
export const NOTES_MAX = 1000;

/** POST /api/payments/create-session (spec §7). No amount: the server sets the price. */
export const createSessionRequestSchema = z.strictObject({
  doctorId: z.uuid('invalidValue'),
  date: calendarDateSchema,
  slot: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidValue')),
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(REASON_MAX, 'fieldTooLong'), safeFreeText()),
  ),
  notes: z.optional(
    z.string().check(z.trim(), z.maxLength(NOTES_MAX, 'fieldTooLong'), safeFreeText()),
  ),
  country: z.enum(PAYMENT_COUNTRIES, 'invalidValue'),
  /**
   * For whom (issue #22): a person in the caller's account; absent for the caller themselves.
   * The caller pays and joins either way (ADR 0043).
   */
  dependantId: z.optional(z.uuid('invalidValue')),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** Payment session response of spec §3. */
export const createSessionResponseSchema = successSchema(
  z.object({ sessionUrl: z.string(), sessionId: z.string(), appointmentId: z.string() }),
);

/** Payment status values of spec §3 (shown as Paid, Refunded, Failed, Pending, Cancelled). */
export const PAYMENT_STATUSES = [
  'completed',
  'refunded',
  'failed',
  'pending',
  'cancelled',
] as const;

/** GET /api/payments/session/:sessionId — `data.payment.appointmentId` is what the client reads. */
export const paymentSessionResponseSchema = successSchema(
  z.object({
    payment: z.object({
      id: z.string(),
      appointmentId: z.nullable(z.string()),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number(),
      currency: z.string(),
      receiptUrl: z.nullable(z.string()),
    }),
  }),
);

/** A checkout session's id (ours, or Stripe's `cs_…`): opaque, bounded. */
export const checkoutSessionIdSchema = z
  .string()
  .check(z.minLength(1, 'invalidValue'), z.maxLength(255, 'invalidValue'), safeLine());

/** Body of process-dev-payment and process-webhook-manually. */
export const sessionIdRequestSchema = z.strictObject({
  sessionId: checkoutSessionIdSchema,
});
export const appointmentIdResponseSchema = successSchema(
  z.object({ appointmentId: z.nullable(z.string()) }),
);

/** Payment history item of spec §3. */
export const paymentHistoryItemSchema = z.object({
  id: z.string(),
  date: z.string(),
  doctor: z.object({ name: z.string(), specialties: z.array(z.string()) }),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  receiptUrl: z.nullable(z.string()),
  // The invoice as a PDF download, signed like the receipt link (ADR 0021).
  invoicePdfUrl: z.optional(z.nullable(z.string())),
  /**
   * A "see a doctor now" visit (ADR 0042): until a doctor takes it — and for good if it was
   * refunded untaken — `doctor.name` is empty and `doctor.specialties` holds what was asked for.
   */
  onDemand: z.optional(z.boolean()),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistoryResponseSchema = successSchema(z.array(paymentHistoryItemSchema));

/** POST /api/payments/release-hold: the cancel page gives the slot back at once. */
export const releaseHoldRequestSchema = z.strictObject({ appointmentId: z.uuid('invalidValue') });
export const releaseHoldResponseSchema = successSchema(
  z.object({ status: z.enum(PAYMENT_STATUSES) }),
);
