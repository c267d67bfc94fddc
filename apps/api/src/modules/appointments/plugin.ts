import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SummaryReader } from '../doctor-console/summaries.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAppointmentMails } from './appointment-mails.ts';
import type { HealthText } from './health-text.ts';
import { appointmentRoutes } from './routes.ts';
import { createAppointmentService } from './service.ts';

/**
 * The patient's appointments (list, cancel, reschedule) and the mails of an appointment's life.
 * Answers the service for the modules that change appointments on someone's behalf.
 */
export async function registerAppointments(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    mailer,
    jobs,
    healthText,
    summaries,
  }: {
    config: Pick<Config, 'appUrl' | 'mailFrom' | 'clinic'>;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    jobs: JobWorker;
    healthText: HealthText;
    summaries: SummaryReader;
  },
) {
  createAppointmentMails({
    db,
    mailer,
    clock,
    appUrl: config.appUrl,
    jobs,
    readSummary: async (id) => {
      const [text, verifications] = await Promise.all([
        summaries.one(id),
        summaries.verifications([id]),
      ]);
      return text ? { text, verification: verifications.get(id) ?? null } : null;
    },
    mailFrom: config.mailFrom,
    healthText,
  });
  const appointments = createAppointmentService({
    db,
    clock,
    appUrl: config.appUrl,
    clinicEmail: config.clinic.email,
    healthText,
    jobs,
    summaries,
    // `app.meetings` is decorated later (meetings/plugin.ts); a cancellation ends the
    // appointment's live call on every instance.
    onCancelled: (appointmentId) =>
      app.meetings.recheck(appointmentId).catch((err: unknown) => {
        app.log.error({ err, appointmentId }, 'could not end the call of a cancelled appointment');
      }),
  });
  await app.register(appointmentRoutes, { appointments });
  return { appointments };
}
