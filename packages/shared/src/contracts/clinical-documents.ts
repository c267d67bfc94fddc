import * as z from 'zod/mini';
import { MEDICINE_FORMS } from '../domain/medicine-catalogue.ts';
import { SICK_NOTE_CERTIFICATES } from '../domain/sick-notes.ts';
import { SPECIALTY_CODES } from '../domain/specialties.ts';
import { successSchema } from './api-response.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { safeFreeText, safeLine } from './field-checks.ts';

// The documents a doctor issues from a consultation (issue #21): a prescription, a sick note
// (certificate of incapacity for work) and a referral, each a structured content the server
// renders as a PDF in the reader's language and signs (verification, ADR 0037). The content is
// health data: encrypted at rest, read by the patient and the consultation's doctor.

export const CLINICAL_DOCUMENT_KINDS = ['prescription', 'sick-note', 'referral'] as const;
export type ClinicalDocumentKind = (typeof CLINICAL_DOCUMENT_KINDS)[number];

/** Items on one prescription: what a pharmacy fills at once. */
export const PRESCRIPTION_ITEMS_MAX = 5;
/** Languages a document is rendered in: the reader's, or Bulgarian and German side by side. */
export const DOCUMENT_LANGUAGES = ['en', 'bg', 'de', 'bg+de'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const REFERRAL_URGENCIES = ['routine', 'soon', 'urgent'] as const;
export type ReferralUrgency = (typeof REFERRAL_URGENCIES)[number];

/** A required line of at most `max` characters, trimmed. */
const line = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'fieldRequired'), z.maxLength(max, 'fieldTooLong'), safeLine());

/** One medicine of a prescription: from the catalogue (its ATC code) or written out. */
export const prescriptionItemSchema = z.strictObject({
  /** The catalogue's ATC code, or null for a medicine written in free text. */
  atc: z.nullable(z.string().check(z.regex(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/, 'invalidValue'))),
  /** The active ingredient (or a product), as the doctor writes it. */
  medicine: line(120),
  strength: line(40),
  form: z.enum(MEDICINE_FORMS, 'invalidValue'),
  /** How much and how often: "1 tablet three times a day". */
  dosage: line(200),
  /** How much the pharmacy hands out: "1 pack of 20 tablets". */
  quantity: line(80),
  /** Anything else the patient must know: "with food; not with alcohol". */
  instructions: z.string().check(z.trim(), z.maxLength(500, 'fieldTooLong'), safeFreeText()),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

export const prescriptionContentSchema = z.strictObject({
  items: z
    .array(prescriptionItemSchema)
    .check(z.minLength(1, 'invalidValue'), z.maxLength(PRESCRIPTION_ITEMS_MAX, 'invalidValue')),
});

/**
 * A sick note: from the first to the last day of incapacity (both included), and whether it is the
 * first certificate of this illness or a follow-up one. No diagnosis: the copy for the employer
 * never carries one, and the patient needs no other (checkSickNote in domain/sick-notes.ts).
 */
export const sickNoteContentSchema = z.strictObject({
  start: calendarDateSchema,
  end: calendarDateSchema,
  certificate: z.enum(SICK_NOTE_CERTIFICATES, 'invalidValue'),
});

/** A referral to a colleague: the specialty, how soon, and the question for them. */
export const referralContentSchema = z.strictObject({
  specialty: z.enum(SPECIALTY_CODES as [string, ...string[]], 'invalidValue'),
  urgency: z.enum(REFERRAL_URGENCIES, 'invalidValue'),
  question: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'fieldRequired'),
      z.maxLength(2000, 'fieldTooLong'),
      safeFreeText(),
    ),
});

/** POST /api/doctor/appointments/:id/clinical-documents — issue one; PUT …/:documentId corrects it. */
export const issueClinicalDocumentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('prescription'), content: prescriptionContentSchema }),
  z.strictObject({ kind: z.literal('sick-note'), content: sickNoteContentSchema }),
  z.strictObject({ kind: z.literal('referral'), content: referralContentSchema }),
]);
export type IssueClinicalDocument = z.infer<typeof issueClinicalDocumentSchema>;

/** One issued document, its newest version, as the patient and the consultation's doctor read it. */
export const clinicalDocumentSchema = z.object({
  _id: z.string(),
  appointmentId: z.string(),
  kind: z.enum(CLINICAL_DOCUMENT_KINDS),
  version: z.number(),
  issuedAt: z.string(),
  /** When this version was written (a correction's time; the issue's for version 1). */
  versionAt: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string() }),
  content: z.union([prescriptionContentSchema, sickNoteContentSchema, referralContentSchema]),
  revokedAt: z.nullable(z.string()),
  /** The verification record of this version (its QR code and short code). */
  verification: z.object({ id: z.string(), shortCode: z.string(), url: z.string() }),
});
export type ClinicalDocument = z.infer<typeof clinicalDocumentSchema>;
export const clinicalDocumentResponseSchema = successSchema(clinicalDocumentSchema);
export const clinicalDocumentListResponseSchema = successSchema(z.array(clinicalDocumentSchema));

/** GET /api/clinical-documents/:id/pdf?language= — the PDF in one language, or in BG+DE. */
export const clinicalDocumentPdfQuerySchema = z.object({
  language: z.optional(z.enum(DOCUMENT_LANGUAGES, 'invalidValue')),
});
