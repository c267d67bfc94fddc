import {
  REVOCABLE_DOCUMENT_KINDS,
  type DocumentVerification,
} from '@vizita/shared/contracts/verification';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { roleOf } from '../../plugins/roles.ts';
import { findUserById } from '../auth/users.ts';
import type { IssuedDocuments } from './issued-documents.ts';

/**
 * Checks per address and minute: a pharmacy scanning a pile of prescriptions stays well below,
 * while guessing 50-bit short codes at this pace would take longer than any document lives.
 */
export const VERIFY_CHECKS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export function createVerificationService(deps: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  issuedDocuments: IssuedDocuments;
}) {
  const { db, clock, rateLimiter, issuedDocuments } = deps;
  return {
    /**
     * The public answer for a document: the same for everyone, signed in or not, and nothing in
     * it about the patient (ADR 0037 says why not even initials).
     */
    async check(idOrCode: string, ip: string): Promise<DocumentVerification> {
      const { allowed } = await rateLimiter.hit(
        `verify:ip:${ip}`,
        VERIFY_CHECKS_PER_MINUTE,
        MINUTE_MS,
      );
      if (!allowed) throw new ApiError(429, 'tooManyRequests');
      const found = await issuedDocuments.verifyDocument(idOrCode);
      if (!found) throw new ApiError(404, 'documentNotFound');
      return {
        id: found.id,
        shortCode: found.shortCode,
        kind: found.kind,
        authentic: found.authentic,
        issuedAt: found.issuedAt.toISOString(),
        validFrom: found.validFrom,
        validUntil: found.validUntil,
        validity: issuedDocuments.validity(found, clock()),
        revoked: found.revokedAt !== null,
        revokedAt: found.revokedAt?.toISOString() ?? null,
        doctor: found.issuer.doctorName ? { name: found.issuer.doctorName } : null,
        clinic: found.issuer.clinic,
      };
    },

    /**
     * The issuing doctor (or a clinic admin) revokes a prescription, sick note, referral or
     * summary; invoices are corrected by a credit note instead. Anyone else learns nothing of the
     * document: a patient is refused as not a doctor, another doctor gets "not found".
     */
    async revoke(callerId: string, documentId: string, reason: string, ip: string) {
      const caller = await findUserById(db, callerId);
      if (!caller) throw new ApiError(401, 'authRequired');
      const role = roleOf(caller);
      if (role === 'patient') throw new ApiError(403, 'doctorRequired');
      const found = await issuedDocuments.verifyDocument(documentId);
      if (!found || (role === 'doctor' && found.doctorId !== callerId))
        throw new ApiError(404, 'documentNotFound');
      if (!(REVOCABLE_DOCUMENT_KINDS as readonly string[]).includes(found.kind))
        throw new ApiError(409, 'documentNotRevocable');
      return db.transaction(async (tx) => {
        const revoked = await issuedDocuments.revokeDocument(tx, found.id, {
          userId: callerId,
          reason,
        });
        if (!revoked) throw new ApiError(404, 'documentNotFound');
        if (!revoked.alreadyRevoked)
          await audit(tx, 'issued_document.revoked', {
            userId: callerId,
            subjectUserId: found.patientId,
            ip,
            meta: { documentId: found.id, kind: found.kind, asAdmin: role === 'admin' },
          });
        return { id: revoked.id, revokedAt: revoked.revokedAt.toISOString() };
      });
    },

    /** The keys a signature is accepted from, for anyone who checks documents themselves. */
    publicKeys: () => issuedDocuments.publicKeys(),
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
