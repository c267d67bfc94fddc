import * as z from 'zod/mini';
import { LEGAL_DOCUMENTS } from '../domain/legal.ts';
import { successSchema } from './api-response.ts';
import { safeLine } from './field-checks.ts';

// The operator's details for the legal pages, and accepting new versions of the legal documents
// (issue #11, ADR 0024).

/**
 * Accepting new versions: the versions the person was shown, so that a text changed meanwhile is
 * not accepted unseen (409 legalVersionChanged).
 */
export const acceptConsentsRequestSchema = z.object({
  accepted: z
    .array(
      z.object({
        document: z.enum(LEGAL_DOCUMENTS),
        version: z.string().check(z.minLength(1), z.maxLength(40), safeLine()),
      }),
    )
    .check(z.minLength(1), z.maxLength(LEGAL_DOCUMENTS.length)),
});
export type AcceptConsentsRequest = z.infer<typeof acceptConsentsRequestSchema>;

/**
 * Who runs this service (the imprint, § 5 DDG; the privacy notice, GDPR Art. 13): from the
 * configuration, placeholders that say so in development.
 */
export const legalOperatorSchema = z.object({
  name: z.string(),
  address: z.array(z.string()),
  email: z.string(),
  phone: z.string(),
  representative: z.string(),
  dataProtectionOfficer: z.string(),
  register: z.nullable(z.string()),
  taxId: z.string(),
  vatId: z.nullable(z.string()),
  supervisoryAuthority: z.nullable(z.string()),
  country: z.enum(['DE', 'BG']),
  /** The versions in force, by document. */
  versions: z.record(z.enum(LEGAL_DOCUMENTS), z.string()),
});
export type LegalOperator = z.infer<typeof legalOperatorSchema>;
export const legalOperatorResponseSchema = successSchema(legalOperatorSchema);
