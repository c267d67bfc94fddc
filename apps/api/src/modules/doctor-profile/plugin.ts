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
  const profiles = createDoctorProfileService({ db, clock });
  await app.register(doctorProfileRoutes, { profiles });
  // The public doctor pages show the photo too, by the doctor's slug (modules/public-pages).
  return { photos: profiles };
}
