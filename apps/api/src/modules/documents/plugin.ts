import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { documentRoutes } from './routes.ts';
import { createDocumentService } from './service.ts';

/** Documents after the visit, shared between an appointment's doctor and patient. */
export async function registerDocuments(
  app: FastifyInstance,
  { db, clock, encryption }: { db: Db; clock: Clock; encryption: FieldEncryption },
) {
  await app.register(documentRoutes, {
    documents: createDocumentService({ db, clock, encryption }),
  });
}
