import * as z from 'zod/mini';
import { isDocumentId, normalizeShortCode } from '../domain/verification-code.ts';
import { successSchema } from './api-response.ts';
import { safeFreeText, safeLine } from './field-checks.ts';

// Documents anyone can verify (issue #21 §3, ADR 0037): the public answer of /api/verify and the
// issuing doctor's revocation. The answer names what the paper is and who issued it — never
// what it says about the patient's health.

/** Every kind of document Vizita issues and registers for verification. */
export const ISSUED_DOCUMENT_KINDS = [
  'prescription',
  'sick-note',
  'referral',
  'visit-summary',
  'invoice',
  'credit-note',
] as const;
export type IssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/** Invoices are corrected by a credit note, never revoked (ADR 0021, ADR 0037). */
export const REVOCABLE_DOCUMENT_KINDS = [
  'prescription',
  'sick-note',
  'referral',
  'visit-summary',
] as const satisfies readonly IssuedDocumentKind[];

/** A UUID is 36 characters; a short code typed with spaces at most a little more. */
const ID_OR_CODE_MAX = 40;

/** GET /api/verify/:idOrCode — the document's id (the QR code's link) or its short code. */
export const verifyParamsSchema = z.object({
  idOrCode: z.string().check(
    z.maxLength(ID_OR_CODE_MAX, 'invalidValue'),
    safeLine(),
    z.refine((v) => isDocumentId(v) || normalizeShortCode(v) !== null, 'invalidValue'),
  ),
});

/** Whether today falls in the validity period (in the clinic's zone), beside the period itself. */
export const DOCUMENT_VALIDITY = ['current', 'not-yet-valid', 'expired'] as const;

/** The whole public answer: nothing in it names the patient or anything about their health. */
export const documentVerificationSchema = z.object({
  id: z.string(),
  /** `ABCDE-FGHJK`, as printed. */
  shortCode: z.string(),
  kind: z.enum(ISSUED_DOCUMENT_KINDS),
  /** The signature holds over the registered hash, and the hash over the document's content. */
  authentic: z.boolean(),
  issuedAt: z.string(),
  /** Calendar days (YYYY-MM-DD); no end for a document valid without limit (an invoice). */
  validFrom: z.string(),
  validUntil: z.nullable(z.string()),
  validity: z.enum(DOCUMENT_VALIDITY),
  revoked: z.boolean(),
  revokedAt: z.nullable(z.string()),
  /** The issuing doctor as printed; none for a document the clinic issued (an invoice may name one). */
  doctor: z.nullable(z.object({ name: z.string() })),
  clinic: z.object({
    name: z.string(),
    address: z.array(z.string()),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;
export const documentVerificationResponseSchema = successSchema(documentVerificationSchema);

/** A sentence or two for the record, not a letter. */
export const REVOKE_REASON_MAX = 500;

/** POST /api/doctor/documents/:id/revoke — why the document no longer holds (kept encrypted). */
export const revokeDocumentSchema = z.strictObject({
  reason: z
    .string('fieldRequired')
    .check(
      z.trim(),
      z.minLength(1, 'fieldRequired'),
      z.maxLength(REVOKE_REASON_MAX, 'fieldTooLong'),
      safeFreeText(),
    ),
});
export type RevokeDocumentInput = z.infer<typeof revokeDocumentSchema>;

export const revokeDocumentResponseSchema = successSchema(
  z.object({ id: z.string(), revokedAt: z.string() }),
);

/** The /verify form: the short code as printed (or a document's id, pasted from its link). */
export const verifyCodeFormSchema = z.object({
  code: z.string().check(
    z.trim(),
    z.minLength(1, 'fieldRequired'),
    // The field's hint says what a code looks like; this stays a first-page key (ADR 0010).
    z.refine((v) => isDocumentId(v) || normalizeShortCode(v) !== null, 'invalidValue'),
  ),
});
