import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppointmentService } from '../appointments/service.ts';
import type { DoctorService } from '../doctors/service.ts';
import { scheduleRoutes } from './routes.ts';
import { createScheduleService } from './service.ts';

/**
 * The doctors' working hours, self-served (issue #10). Answers the service for the clinic's
 * administration, which edits any doctor's hours.
 */
export async function registerSchedules(
  app: FastifyInstance,
  {
    db,
    clock,
    appointments,
    doctors,
  }: {
    db: Db;
    clock: Clock;
    /** A removed hour cancels its appointments as the doctor. */
    appointments: AppointmentService;
    /** The doctor's preview of their own availability. */
    doctors: DoctorService;
  },
) {
  const schedules = createScheduleService({ db, clock, appointments });
  await app.register(scheduleRoutes, { schedules, doctors });
  return { schedules };
}
