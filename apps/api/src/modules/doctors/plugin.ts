import type { FastifyInstance } from 'fastify';
import type { Broadcaster } from '../../broadcast/broadcaster.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { shareAvailabilityChanges } from './availability-changes.ts';
import { doctorRoutes } from './routes.ts';
import { assignMissingSlugs } from './slugs.ts';
import { createDoctorService } from './service.ts';

/**
 * The public doctor directory and availability, and the availability cache's news between
 * instances. Registered before every other module's routes: the hook that empties the cache after
 * a `changesAvailability` route must exist when those routes are added (availability-changes.ts).
 */
export async function registerDoctors(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    broadcaster,
  }: {
    config: Pick<Config, 'broadcaster'>;
    db: Db;
    clock: Clock;
    /** The process's one bus (app.ts), shared with the video rooms. */
    broadcaster: Broadcaster;
  },
) {
  // Before the first request: every public page needs its slug (slugs.ts).
  await assignMissingSlugs(db);
  const doctors = createDoctorService({ db, clock });
  await shareAvailabilityChanges(app, {
    broadcaster,
    channelPrefix: config.broadcaster.channelPrefix,
    forget: () => doctors.availabilityChanged(),
    stats: () => doctors.cacheStats(),
  });
  await app.register(doctorRoutes, { doctors });
  return { doctors };
}
