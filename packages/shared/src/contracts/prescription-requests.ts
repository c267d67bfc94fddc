import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { staffCancelReasonSchema } from './appointments.ts';
import { safeFreeText } from './field-checks.ts';
import {
  MEDICATION_LEFT,
  PRESCRIPTION_REASON_MAX,
  requestedMedicationSchema,
} from './prescription-request-details.ts';

// Repeat prescriptions asked for without a call (issue #21, the spec's `prescription` plan): what
// the patient may ask and of whom, the request, the doctor's queue and the doctor's decline. The
// doctor answers a request by issuing a prescription on it (contracts/clinical-documents.ts).

/** POST /api/prescription-requests — the patient asks a doctor she has seen for a repeat. */
export const createPrescriptionRequestSchema = z.strictObject({
  doctorId: z.uuid('invalidValue'),
  medication: requestedMedicationSchema,
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'fieldRequired'),
      z.maxLength(PRESCRIPTION_REASON_MAX, 'fieldTooLong'),
      safeFreeText(),
    ),
  left: z.enum(MEDICATION_LEFT, 'invalidValue'),
});
export type CreatePrescriptionRequest = z.infer<typeof createPrescriptionRequestSchema>;

/** GET /api/prescription-requests/options — one doctor the patient may ask now. */
export const prescriptionRequestOptionSchema = z.object({
  doctor: z.object({ _id: z.string(), name: z.string(), specialties: z.array(z.string()) }),
  /** The start of the newest consultation with this doctor that took place. */
  lastVisit: z.string(),
  price: z.number(),
  currency: z.string(),
  /** The medicines of this doctor's earlier prescriptions for the patient, newest first. */
  medications: z.array(requestedMedicationSchema),
});
export type PrescriptionRequestOption = z.infer<typeof prescriptionRequestOptionSchema>;
export const prescriptionRequestOptionsResponseSchema = successSchema(
  z.array(prescriptionRequestOptionSchema),
);

/** The request's checkout, or — at a price of 0 — the request sent at once. */
export const createPrescriptionRequestResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('checkout'),
    appointmentId: z.string(),
    sessionUrl: z.string(),
    sessionId: z.string(),
  }),
  z.object({ outcome: z.literal('requested'), appointmentId: z.string() }),
]);
export type CreatePrescriptionRequestResult = z.infer<typeof createPrescriptionRequestResultSchema>;
export const createPrescriptionRequestResponseSchema = successSchema(
  createPrescriptionRequestResultSchema,
);

/** GET /api/doctor/prescription-requests — the doctor's open requests, the most urgent first. */
export const doctorPrescriptionRequestSchema = z.object({
  appointmentId: z.string(),
  requestedAt: z.string(),
  answerBy: z.string(),
  patient: z.object({ _id: z.string(), name: z.string() }),
  medication: requestedMedicationSchema,
  left: z.enum(MEDICATION_LEFT),
  reason: z.string(),
});
export type DoctorPrescriptionRequest = z.infer<typeof doctorPrescriptionRequestSchema>;
export const doctorPrescriptionRequestsResponseSchema = successSchema(
  z.array(doctorPrescriptionRequestSchema),
);

/** POST /api/doctor/prescription-requests/:id/decline — why not, for the patient (10–500 characters, as a doctor's cancellation). */
export const declinePrescriptionRequestSchema = z.strictObject({
  reason: staffCancelReasonSchema,
});
export type DeclinePrescriptionRequest = z.infer<typeof declinePrescriptionRequestSchema>;
