import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';

/** Plans of spec §3 with their labels' i18n keys living in the web app. */
export const APPOINTMENT_PLANS = ['consultation', 'prescription', 'follow-up'] as const;
/** Statuses a patient sees (spec §3). A payment hold is `pending` and is never listed. */
export const APPOINTMENT_STATUSES = ['upcoming', 'completed', 'cancelled'] as const;

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
  cancelledBy: z.nullable(z.enum(['doctor', 'patient'])),
  cancelReason: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  paymentAmount: z.nullable(z.number()),
  paymentCurrency: z.nullable(z.string()),
  isJoinable: z.boolean(),
  minutesUntilJoinable: z.number(),
  hasPassed: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidValue'));

/**
 * GET /api/appointments: the caller's own appointments; or, with `doctorId` (the booking page,
 * spec §7), only which of that doctor's slots are taken — dates and times, nobody's data.
 */
export const appointmentListQuerySchema = z
  .object({
    status: z.optional(z.enum(APPOINTMENT_STATUSES)),
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
export const occupiedSlotSchema = z.object({
  date: z.string(),
  slot: z.string(),
  status: z.literal('upcoming'),
});
export const appointmentListResponseSchema = successSchema(
  z.union([z.array(appointmentSchema), z.array(occupiedSlotSchema)]),
);

/** GET /api/appointments/:id */
export const appointmentResponseSchema = successSchema(appointmentSchema);
