import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { doctorProfileRoutes } from './routes.ts';
import { createDoctorProfileService } from './service.ts';

/** The doctor's own public profile and photo. */
export async function registerDoctorProfile(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
) {
  await app.register(doctorProfileRoutes, { profiles: createDoctorProfileService({ db, clock }) });
}
