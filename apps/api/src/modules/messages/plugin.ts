import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { messageRoutes } from './routes.ts';
import { createMessageService } from './service.ts';

/** Messages between a patient and the practice: per appointment with its doctor, and the clinic. */
export async function registerMessages(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; encryption: FieldEncryption; rateLimiter: RateLimiter },
) {
  await app.register(messageRoutes, { messages: createMessageService(deps) });
}
