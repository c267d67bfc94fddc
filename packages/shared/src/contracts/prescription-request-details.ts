import * as z from 'zod/mini';
import { MEDICINE_FORMS } from '../domain/medicine-catalogue.ts';
import { safeLine } from './field-checks.ts';

// What a prescription request (issue #21) holds besides its reason: the medicine and how much is
// left. On its own so the appointment (contracts/appointments.ts) carries it without importing
// the requests' contract, which imports the appointment's.

/** How much of the medicine the patient has left: how soon the doctor must answer. */
export const MEDICATION_LEFT = ['none', 'few-days', 'one-to-two-weeks', 'more'] as const;
export type MedicationLeft = (typeof MEDICATION_LEFT)[number];

/** The reason a patient gives: a few sentences ("my blood pressure medicine, as every quarter"). */
export const PRESCRIPTION_REASON_MAX = 1000;

/** The medicine asked for: one of the patient's earlier prescriptions, or typed. */
export const requestedMedicationSchema = z.strictObject({
  /** The catalogue's ATC code when it comes from there (an earlier prescription's), else null. */
  atc: z.nullable(z.string().check(z.regex(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/, 'invalidValue'))),
  medicine: z
    .string()
    .check(z.trim(), z.minLength(1, 'fieldRequired'), z.maxLength(120, 'fieldTooLong'), safeLine()),
  /** "400 mg"; empty when the patient does not know it. */
  strength: z.string().check(z.trim(), z.maxLength(40, 'fieldTooLong'), safeLine()),
  form: z.nullable(z.enum(MEDICINE_FORMS, 'invalidValue')),
});
export type RequestedMedication = z.infer<typeof requestedMedicationSchema>;

/** What a request holds besides its reason, on the appointment for its patient and doctor. */
export const prescriptionRequestDetailsSchema = z.object({
  medication: requestedMedicationSchema,
  left: z.enum(MEDICATION_LEFT),
  /** Until when the doctor answers; after it the clinic cancels and refunds the request. */
  answerBy: z.string(),
});
export type PrescriptionRequestDetails = z.infer<typeof prescriptionRequestDetailsSchema>;
