import type { FastifyInstance } from 'fastify';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { createDocumentCrypto } from './document-crypto.ts';
import { clinicalDocumentRoutes } from './routes.ts';
import { createClinicalDocumentService } from './service.ts';

/**
 * Prescriptions, sick notes and referrals (issue #21). Answers the service, whose `exportOf` the
 * privacy module calls for the patient's data export.
 */
export async function registerClinicalDocuments(
  app: FastifyInstance,
  {
    encryption,
    ...deps
  }: Omit<Parameters<typeof createClinicalDocumentService>[0], 'crypto'> & {
    encryption: FieldEncryption;
  },
) {
  const documents = createClinicalDocumentService({
    ...deps,
    crypto: createDocumentCrypto(encryption),
  });
  await app.register(clinicalDocumentRoutes, { documents });
  return { clinicalDocuments: documents };
}
