import * as z from 'zod/mini';
import { safeFileName } from '../domain/safe-text.ts';
import { successSchema } from './api-response.ts';
import { safeLine } from './field-checks.ts';

/** Documents a doctor gives the patient after a visit: a sick note, a referral, an answer. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Scans of a few pages fit; the whole file is held in memory once while it is encrypted. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 120;
export const DOCUMENT_FILE_NAME_MAX = 150;

/** The upload's query: the title the patient reads and the file's own name. */
export const documentUploadQuerySchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'invalidValue'),
      z.maxLength(DOCUMENT_TITLE_MAX, 'invalidValue'),
      safeLine(),
    ),
  // The sender's disk named it, not a keyboard: what would spoof a file list is removed.
  fileName: z
    .string()
    .check(
      z.overwrite(safeFileName),
      z.minLength(1, 'invalidValue'),
      z.maxLength(DOCUMENT_FILE_NAME_MAX, 'invalidValue'),
    ),
});
export type DocumentUploadQuery = z.infer<typeof documentUploadQuerySchema>;

export const documentVersionSchema = z.object({
  _id: z.string(),
  version: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
  /** When a correction replaced this version; null for the current one. */
  replacedAt: z.nullable(z.string()),
});

/** One document with every version, newest first: a correction never hides that it replaced one. */
export const appointmentDocumentSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  versions: z.array(documentVersionSchema),
});
export type AppointmentDocument = z.infer<typeof appointmentDocumentSchema>;
export const appointmentDocumentListResponseSchema = successSchema(
  z.array(appointmentDocumentSchema),
);
export const appointmentDocumentResponseSchema = successSchema(appointmentDocumentSchema);
