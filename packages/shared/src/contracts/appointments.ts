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

export const appointmentListQuerySchema = z.object({
  status: z.optional(z.enum(APPOINTMENT_STATUSES)),
});
export const appointmentListResponseSchema = successSchema(z.array(appointmentSchema));
