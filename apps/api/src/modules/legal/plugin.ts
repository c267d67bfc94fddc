import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { legalRoutes } from './routes.ts';

/** The operator's details for the legal pages, and a patient's consent to new documents. */
export async function registerLegal(
  app: FastifyInstance,
  { config, db, clock }: { config: Pick<Config, 'clinic'>; db: Db; clock: Clock },
) {
  await app.register(legalRoutes, { db, clock, clinic: config.clinic });
}
