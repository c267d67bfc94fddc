import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AppointmentService } from '../appointments/service.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { PaymentService } from '../payments/service.ts';
import { waitlistRoutes } from './routes.ts';
import { createWaitlistService } from './service.ts';
import { WAITLIST_OFFER_JOB } from './slots-freed.ts';

/**
 * Earlier-slot alerts (issue #20): the patient's alerts and offers, and the job that offers the
 * times other modules free (slots-freed.ts). Answers the service for the background loop's sweep.
 */
export async function registerWaitlist(
  app: FastifyInstance,
  {
    db,
    clock,
    jobs,
    rateLimiter,
    appointments,
    payments,
  }: {
    db: Db;
    clock: Clock;
    jobs: JobWorker;
    rateLimiter: RateLimiter;
    /** Taking an offer moves the appointment by its reschedule. */
    appointments: AppointmentService;
    /** Taking an offer without an appointment is a booking: hold and checkout. */
    payments: PaymentService;
  },
) {
  const waitlist = createWaitlistService({ db, clock, rateLimiter, appointments, payments });
  jobs.register(WAITLIST_OFFER_JOB, (payload) => waitlist.offerFreedSlots(payload));
  await app.register(waitlistRoutes, { waitlist });
  return { waitlist };
}
