import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProfileService } from '../profile/service.ts';
import { familyRoutes } from './routes.ts';
import { createFamilyService } from './service.ts';

/** "People in my account" (issue #22, ADR 0043): dependants and their hand-over. */
export async function registerFamily(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    encryption,
    mailer,
    profiles,
  }: {
    config: Pick<Config, 'appUrl'>;
    db: Db;
    clock: Clock;
    encryption: FieldEncryption;
    mailer: Mailer;
    profiles: ProfileService;
  },
) {
  const family = createFamilyService({
    db,
    clock,
    encryption,
    mailer,
    profiles,
    appUrl: config.appUrl,
  });
  await app.register(familyRoutes, { family });
  return { family };
}
