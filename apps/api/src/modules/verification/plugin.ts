import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDocumentSigner } from '../../lib/document-signing.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createIssuedDocuments } from './issued-documents.ts';
import { verificationRoutes } from './routes.ts';
import { createVerificationService } from './service.ts';

/**
 * Documents anyone can verify (ADR 0037). Answers `issuedDocuments` for the modules that issue
 * documents: they register each one in their own transaction (issued-documents.ts).
 */
export async function registerVerification(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    rateLimiter,
    encryption,
    signingKey,
  }: {
    config: Pick<Config, 'clinic' | 'appUrl' | 'documentVerifyKeys'>;
    db: Db;
    clock: Clock;
    rateLimiter: RateLimiter;
    encryption: FieldEncryption;
    signingKey: KeyObject;
  },
) {
  const signer = createDocumentSigner(signingKey, config.documentVerifyKeys);
  // What an operator keeps in DOCUMENT_VERIFY_KEYS before a rotation (docs/operations.md).
  const [current] = signer.publicKeys();
  app.log.info(current, 'issued documents are signed with this key');
  const issuedDocuments = createIssuedDocuments({
    db,
    clock,
    signer,
    clinic: config.clinic,
    appUrl: config.appUrl,
    encryption,
  });
  const verification = createVerificationService({
    db,
    clock,
    rateLimiter,
    issuedDocuments,
  });
  await app.register(verificationRoutes, { verification });
  return { issuedDocuments };
}
