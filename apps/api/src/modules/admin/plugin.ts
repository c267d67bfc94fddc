import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { HealthText } from '../appointments/health-text.ts';
import type { AppointmentService } from '../appointments/service.ts';
import type { TwoFactorService } from '../auth/two-factor-service.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ScheduleService } from '../schedules/service.ts';
import { clinicRoutes } from './clinic-routes.ts';
import { createClinicService } from './clinic-service.ts';
import { staffInviteRoutes } from './staff-invite-routes.ts';
import { createStaffInviteService } from './staff-invite-service.ts';

/**
 * The clinic's administration (`/api/admin/*`, admins only) and the invitation a new doctor
 * accepts (`/auth/accept-invite`, signed out).
 */
export async function registerAdmin(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    mailer,
    jobs,
    rateLimiter,
    healthText,
    twoFactor,
    appointments,
    schedules,
  }: {
    config: Pick<Config, 'appUrl'>;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    jobs: JobWorker;
    rateLimiter: RateLimiter;
    healthText: HealthText;
    twoFactor: TwoFactorService;
    appointments: AppointmentService;
    schedules: ScheduleService;
  },
) {
  const invites = createStaffInviteService({
    db,
    clock,
    mailer,
    rateLimiter,
    twoFactor,
    appUrl: config.appUrl,
    log: app.log,
  });
  await app.register(staffInviteRoutes, { invites });
  await app.register(clinicRoutes, {
    clinic: createClinicService({ db, clock, invites, appointments, jobs, healthText }),
    schedules,
  });
}
