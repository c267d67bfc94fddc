import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService } from './service.ts';

/** The patient's health profile. Answers its service for the export and the doctor console. */
export async function registerProfile(
  app: FastifyInstance,
  { db, clock, encryption }: { db: Db; clock: Clock; encryption: FieldEncryption },
) {
  const profiles = createProfileService({ db, clock, encryption });
  await app.register(profileRoutes, { profiles });
  return { profiles };
}
