import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { isCalendarDate } from '../domain/calendar-date.ts';
import { DEPENDANT_RELATIONSHIPS } from '../domain/guardianship.ts';
import { maxLengthIfFilled, minLengthIfFilled, safeFreeText } from './field-checks.ts';
import { prescriptionRequestDetailsSchema } from './prescription-request-details.ts';

/** Plans of spec §3 with their labels' i18n keys living in the web app. */
export const APPOINTMENT_PLANS = [
  'consultation',
  'prescription',
  'follow-up',
  'on-demand',
] as const;
/**
 * Statuses a patient sees: spec §3's three, and `no_show` when the doctor recorded that the patient
 * did not attend (issue #10). A payment hold is `pending` and is never listed.
 */
export const APPOINTMENT_STATUSES = ['upcoming', 'completed', 'no_show', 'cancelled'] as const;

/**
 * The visit is for a person in the patient's account (issue #22, ADR 0043): a child or an adult
 * in care, their age today, and the account holder who comes with them ("child, 7, with
 * guardian Maria Ivanova").
 */
export const treatedDependantSchema = z.object({
  relationship: z.enum(DEPENDANT_RELATIONSHIPS),
  age: z.number(),
  guardianName: z.string(),
});
export type TreatedDependant = z.infer<typeof treatedDependantSchema>;

/**
 * Whom the doctor meets: the name (the dependant's, when the visit is for one), and whether it
 * is a person without an account.
 */
export const patientOfDoctorSchema = z.object({
  /** The account's id: the holder's, for a dependant's visit. */
  _id: z.string(),
  name: z.string(),
  /** Present when the visit is for a person in the account; absent or null otherwise. */
  dependant: z.optional(z.nullable(treatedDependantSchema)),
  /**
   * A person the clinic invited by e-mail (issue #12): no profile to open, and the link can be
   * sent again. Always sent by the API; absent (older clients' data) reads as false.
   */
  guest: z.optional(z.boolean()),
});

/** The appointment entity of spec §3, with the join state computed by the server's clock. */
export const appointmentSchema = z.object({
  _id: z.string(),
  patientId: z.string(),
  doctorId: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    specialties: z.array(z.string()),
  }),
  date: z.string(),
  slot: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  plan: z.enum(APPOINTMENT_PLANS),
  status: z.enum(APPOINTMENT_STATUSES),
  reason: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  meetingUrl: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledBy: z.nullable(z.enum(['doctor', 'patient', 'clinic'])),
  cancelReason: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  paymentAmount: z.nullable(z.number()),
  paymentCurrency: z.nullable(z.string()),
  /** The patient's name, for the appointment's doctor only (the doctor area); null for a patient. */
  patient: z.nullable(patientOfDoctorSchema),
  /**
   * For the account holder: the person in their account the visit is for (issue #22); null
   * when it is for the holder. Optional for older clients' data.
   */
  forDependant: z.optional(z.nullable(z.object({ id: z.string(), name: z.string() }))),
  /** The doctor's summary for the patient (the newest version); never the private notes. */
  summary: z.nullable(z.string()),
  /** The summary's verification (ADR 0037): its short code and the link of /verify; null without one. */
  summaryVerification: z.nullable(z.object({ shortCode: z.string(), url: z.string() })),
  /**
   * A prescription request's medicine, how much is left and its answer deadline (plan
   * `prescription`, issue #21); null for a visit. Its reason is `reason`.
   */
  prescriptionRequest: z.nullable(prescriptionRequestDetailsSchema),
  isJoinable: z.boolean(),
  minutesUntilJoinable: z.number(),
  hasPassed: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

// A real day: 2026-02-30 is a 400, not a failure deeper in (issue #11).
const isoDate = calendarDateSchema;

/**
 * The reason recorded when Vizita itself cancels: a payment that arrived after its hold lapsed and
 * someone else had taken the slot (ADR 0011, refunded by ADR 0012). The screens and mails show
 * their own translation instead of this English.
 */
export const SLOT_LOST_CANCEL_REASON =
  'The time slot was taken after the checkout expired; the payment is refunded.';

/**
 * The reason recorded when a prescription request was not answered by its deadline (issue #21):
 * the clinic cancels it and refunds it in full. Shown translated, as the one above.
 */
export const REQUEST_LAPSED_CANCEL_REASON =
  'The doctor could not answer this request in time; the payment is refunded.';

/** Spec §5: a cancellation reason has 10 to 500 characters after trimming. */
export const CANCEL_REASON_MIN = 10;
export const CANCEL_REASON_MAX = 500;
/**
 * The cancellation policy (docs/decisions/0012): a patient who cancels at least this long before
 * the start is refunded in full; later, not at all. A doctor's cancellation always refunds.
 */
export const FULL_REFUND_NOTICE_MS = 24 * 60 * 60_000;
/** Spec §7, §9: a reschedule picks a new time within 14 days from today. */
export const RESCHEDULE_WINDOW_DAYS = 14;
/**
 * A reschedule needs the same notice as a full refund (ADR 0012): inside it, moving the
 * appointment away and then cancelling would refund what cancelling now would not.
 */
export const RESCHEDULE_NOTICE_MS = FULL_REFUND_NOTICE_MS;
/** Paging of GET /api/appointments: a page holds at most 100, and that is the default. */
export const APPOINTMENTS_PAGE_MAX = 100;

/**
 * GET /api/appointments: the caller's own appointments, by status, paged and ordered by start
 * time; or, with `doctorId` (the booking page, spec §7), only which of that doctor's slots are
 * taken — dates and times, nobody's data.
 */
export const appointmentListQuerySchema = z
  .object({
    status: z.optional(z.enum(APPOINTMENT_STATUSES, 'invalidValue')),
    page: z.optional(
      z.coerce.number('invalidValue').check(z.int('invalidValue'), z.minimum(1, 'invalidValue')),
    ),
    limit: z.optional(
      z.coerce
        .number('invalidValue')
        .check(
          z.int('invalidValue'),
          z.minimum(1, 'invalidValue'),
          z.maximum(APPOINTMENTS_PAGE_MAX, 'invalidValue'),
        ),
    ),
    /** `asc` (soonest first, the default) or `desc` (latest first: the dashboard's recent list). */
    order: z.optional(z.enum(['asc', 'desc'], 'invalidValue')),
    doctorId: z.optional(z.uuid('invalidValue')),
    date: z.optional(isoDate),
    startDate: z.optional(isoDate),
    endDate: z.optional(isoDate),
  })
  .check(
    z.refine(
      (q) =>
        !q.doctorId ||
        q.date !== undefined ||
        (q.startDate !== undefined && q.endDate !== undefined),
      { message: 'invalidValue', path: ['date'] },
    ),
  );
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

export const occupiedSlotSchema = z.object({
  date: z.string(),
  slot: z.string(),
  status: z.literal('upcoming'),
});

/** How many of the caller's appointments have each status (the stat cards of spec §2). */
export const appointmentCountsSchema = z.object({
  upcoming: z.number(),
  completed: z.number(),
  no_show: z.number(),
  cancelled: z.number(),
});
export type AppointmentCounts = z.infer<typeof appointmentCountsSchema>;

/** The caller's own list: one page of `data`, the page's place, and the counts by status. */
export const ownAppointmentListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(appointmentSchema),
  counts: appointmentCountsSchema,
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number() }),
});
export type OwnAppointmentList = z.infer<typeof ownAppointmentListResponseSchema>;

export const appointmentListResponseSchema = z.union([
  ownAppointmentListResponseSchema,
  successSchema(z.array(occupiedSlotSchema)),
]);

/** GET /api/appointments/:id */
export const appointmentResponseSchema = successSchema(appointmentSchema);

/** Why an appointment is cancelled, told to the other side (spec §5's messages), by anyone. */
export const cancelReasonSchema = z
  .string('cancelReasonRequired')
  .check(
    z.trim(),
    z.minLength(1, 'cancelReasonRequired'),
    minLengthIfFilled(CANCEL_REASON_MIN, 'cancelReasonMin'),
    maxLengthIfFilled(CANCEL_REASON_MAX, 'cancelReasonMax'),
    safeFreeText(),
  );

/** The clinic's and the doctor's reason: their forms say the minimum at once, even when empty. */
export const staffCancelReasonSchema = z
  .string('cancelReasonRequired')
  .check(
    z.trim(),
    z.minLength(CANCEL_REASON_MIN, 'cancelReasonMin'),
    z.maxLength(CANCEL_REASON_MAX, 'cancelReasonMax'),
    safeFreeText(),
  );

/**
 * PUT /api/appointments/:id/cancel (spec §3, §5). `cancelledBy` is accepted because the spec's
 * client sends it, and ignored: the server takes it from the caller's part in the appointment.
 */
export const cancelAppointmentRequestSchema = z.strictObject({
  reason: cancelReasonSchema,
  cancelledBy: z.optional(z.enum(['doctor', 'patient'], 'invalidValue')),
});
export type CancelAppointmentRequest = z.infer<typeof cancelAppointmentRequestSchema>;

/**
 * What happened to the payment (the cancellation policy, docs/decisions/0012): `refunded` in
 * full, `processing` (due, and the provider is being retried), or `none` (not due, or nothing
 * was paid).
 */
export const REFUND_OUTCOMES = ['refunded', 'processing', 'none'] as const;
export const cancelAppointmentResponseSchema = successSchema(
  z.object({ appointment: appointmentSchema, refund: z.enum(REFUND_OUTCOMES) }),
);

/** Spec §7: `newDate` is an ISO midnight-UTC string; a plain YYYY-MM-DD is taken too. */
export const rescheduleAppointmentRequestSchema = z.strictObject({
  newDate: z.string('newDateRequired').check(
    z.minLength(1, 'newDateRequired'),
    z.refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/.test(v) && isCalendarDate(v.slice(0, 10)),
      {
        message: 'invalidValue',
        when: ({ value }) => typeof value === 'string' && value.length > 0,
      },
    ),
  ),
  newSlot: z.string('newSlotRequired').check(
    z.minLength(1, 'newSlotRequired'),
    z.refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
      message: 'invalidValue',
      when: ({ value }) => typeof value === 'string' && value.length > 0,
    }),
  ),
});
export type RescheduleAppointmentRequest = z.infer<typeof rescheduleAppointmentRequestSchema>;
export const rescheduleAppointmentResponseSchema = successSchema(appointmentSchema);
