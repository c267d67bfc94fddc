import * as z from 'zod/mini';
import { daysBetween } from '../domain/calendar-date.ts';
import { successSchema } from './api-response.ts';
import {
  APPOINTMENT_PLANS,
  patientOfDoctorSchema,
  treatedDependantSchema,
} from './appointments.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { safeFreeText } from './field-checks.ts';
import { prescriptionRequestDetailsSchema } from './prescription-request-details.ts';

/** What happened in the consultation's room (domain/room-activity.ts), for the console. */
export const roomActivitySchema = z.object({
  patientJoinedAt: z.nullable(z.string()),
  waitingSince: z.nullable(z.string()),
  admittedAt: z.nullable(z.string()),
  waitedMinutes: z.nullable(z.number()),
  patientLeftAt: z.nullable(z.string()),
  quality: z.nullable(z.enum(['good', 'fair', 'poor'])),
});

/** A week view, or six for a month at a glance; more is a report, not a schedule. */
export const SCHEDULE_RANGE_MAX_DAYS = 42;

/** GET /api/doctor/appointments?from&to — days in the doctor's own zone. */
export const doctorScheduleQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .check(
    z.refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'invalidValue', path: ['to'] }),
    z.refine((q) => daysBetween(q.from, q.to) < SCHEDULE_RANGE_MAX_DAYS, {
      message: 'invalidValue',
      path: ['to'],
    }),
  );
export type DoctorScheduleQuery = z.infer<typeof doctorScheduleQuerySchema>;

/** What the doctor's schedule shows of an appointment: a real visit, never a payment hold. */
export const DOCTOR_VISIBLE_STATUSES = ['upcoming', 'completed', 'no_show', 'cancelled'] as const;

export const scheduleEntrySchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  /** Day and time in the doctor's zone. */
  date: z.string(),
  slot: z.string(),
  status: z.enum(DOCTOR_VISIBLE_STATUSES),
  plan: z.enum(APPOINTMENT_PLANS),
  reason: z.nullable(z.string()),
  patient: patientOfDoctorSchema,
  cancelledBy: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  hasNotes: z.boolean(),
  isJoinable: z.boolean(),
  minutesUntilJoinable: z.number(),
  hasPassed: z.boolean(),
  /** The consultation room's activity (waiting room, admission, quality); null before any. */
  room: z.nullable(roomActivitySchema),
  /** A prescription request's medicine, how much is left and its deadline; null for a visit. */
  prescriptionRequest: z.nullable(prescriptionRequestDetailsSchema),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;
export const doctorScheduleResponseSchema = successSchema(
  z.object({ timeZone: z.string(), appointments: z.array(scheduleEntrySchema) }),
);

/** The patient's health profile as the appointment's doctor reads it (decrypted for them only). */
export const patientChartSchema = z.object({
  patientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.nullable(z.string()),
  age: z.nullable(z.number()),
  gender: z.nullable(z.string()),
  countryCode: z.nullable(z.string()),
  city: z.nullable(z.string()),
  insuranceType: z.nullable(z.string()),
  insuranceCompany: z.nullable(z.string()),
  insuranceNumber: z.nullable(z.string()),
  nationalId: z.nullable(z.string()),
  /**
   * A visit for a person in a patient's account (issue #22): this is their record, and the
   * account holder who comes with them; null for the holder's own visit.
   */
  dependant: z.optional(z.nullable(treatedDependantSchema)),
  /** Until when this doctor may read it for this appointment (ADR 0016). */
  accessUntil: z.string(),
});
export type PatientChart = z.infer<typeof patientChartSchema>;
export const patientChartResponseSchema = successSchema(patientChartSchema);

/** Private notes are a clinical record; the summary is what the patient reads. */
export const PRIVATE_NOTES_MAX = 10_000;
export const PATIENT_SUMMARY_MAX = 4_000;

/**
 * PUT …/notes. A text left out keeps the newest version's, so the summary can be corrected
 * without resending the clinical notes; an empty string clears it in the next version.
 */
export const saveNotesRequestSchema = z.object({
  privateNotes: z.optional(
    z.string().check(z.maxLength(PRIVATE_NOTES_MAX, 'invalidValue'), safeFreeText()),
  ),
  summary: z.optional(
    z.string().check(z.maxLength(PATIENT_SUMMARY_MAX, 'invalidValue'), safeFreeText()),
  ),
});
export type SaveNotesRequest = z.infer<typeof saveNotesRequestSchema>;

export const notesVersionSchema = z.object({
  version: z.number(),
  privateNotes: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  authorName: z.nullable(z.string()),
});
export type NotesVersion = z.infer<typeof notesVersionSchema>;

/** Every version, newest first: an edit adds one and never removes the earlier text. */
export const consultationNotesSchema = z.object({
  versions: z.array(notesVersionSchema),
  editable: z.boolean(),
  editableUntil: z.string(),
});
export type ConsultationNotes = z.infer<typeof consultationNotesSchema>;
export const consultationNotesResponseSchema = successSchema(consultationNotesSchema);

export const APPOINTMENT_OUTCOMES = ['completed', 'no_show'] as const;
export const outcomeRequestSchema = z.object({ outcome: z.enum(APPOINTMENT_OUTCOMES) });
export type OutcomeRequest = z.infer<typeof outcomeRequestSchema>;
export const outcomeResponseSchema = successSchema(scheduleEntrySchema);
