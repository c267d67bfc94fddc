import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { BusinessCounters } from '../../plugins/metrics.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Preflight } from '../meetings/preflight.ts';
import type { MeetingService } from '../meetings/service.ts';
import { guestConsultationRoutes } from './routes.ts';
import { createGuestConsultations } from './service.ts';

/** Consultations for people without an account (ADR 0028), on the meetings' join and device check. */
export async function registerGuestConsultations(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    mailer,
    rateLimiter,
    meetings,
    preflight,
    counters,
  }: {
    config: Pick<Config, 'appUrl' | 'secureCookies'>;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    rateLimiter: RateLimiter;
    meetings: MeetingService;
    preflight: Preflight;
    counters: Pick<BusinessCounters, 'bookings'>;
  },
) {
  const guests = createGuestConsultations({
    db,
    clock,
    mailer,
    appUrl: config.appUrl,
    meetings,
    rateLimiter,
    sessionsEnded: () => app.meetings.sessionsEnded(),
    counters,
    log: app.log,
  });
  await app.register(guestConsultationRoutes, {
    guests,
    preflight,
    secureCookies: config.secureCookies,
  });
}
