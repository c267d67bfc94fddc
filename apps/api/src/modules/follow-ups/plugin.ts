import type { FastifyInstance } from 'fastify';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { createFollowUpNoteCrypto } from './note-crypto.ts';
import { followUpRoutes } from './routes.ts';
import { createFollowUpService } from './service.ts';

type ServiceDeps = Parameters<typeof createFollowUpService>[0];

/**
 * Follow-up visits the doctor proposes after a consultation, and the patient's acceptance: a
 * booking through the appointments module's holds and, when it costs something, the payments
 * module's checkout.
 */
export async function registerFollowUps(
  app: FastifyInstance,
  { encryption, ...deps }: Omit<ServiceDeps, 'noteCrypto'> & { encryption: FieldEncryption },
) {
  const followUps = createFollowUpService({
    ...deps,
    noteCrypto: createFollowUpNoteCrypto(encryption),
  });
  await app.register(followUpRoutes, { followUps });
  return { followUps };
}
