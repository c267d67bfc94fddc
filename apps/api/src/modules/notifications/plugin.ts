import type { FastifyInstance } from 'fastify';
import type { Broadcaster } from '../../broadcast/broadcaster.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { attachBell } from './bells.ts';
import { createLiveBell } from './live-bell.ts';
import { registerNotificationMails } from './notification-mails.ts';
import * as repo from './repo.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService } from './service.ts';
import { createBellTickets } from './socket-ticket.ts';

/**
 * The bell (issue #20): the reader's notifications and e-mail preferences, the "something is
 * waiting for you" mails, and the live socket that tells an open page its bell changed — on any
 * instance, once what it tells of has committed. Answers what the app needs at a sign-out.
 */
export async function registerNotifications(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    mailer,
    jobs,
    jwtSecret,
    broadcaster,
    afterResponse,
  }: {
    config: Pick<Config, 'appUrl' | 'appOrigins' | 'broadcaster'>;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    jobs: JobWorker;
    jwtSecret: string;
    /** The process's one bus (app.ts), shared with the video rooms and the availability cache. */
    broadcaster: Broadcaster;
    /** Announcements and mails leave after the commit, never inside the caller's request time. */
    afterResponse: AfterResponse;
  },
) {
  const bell = createLiveBell({
    broadcaster,
    channelPrefix: config.broadcaster.channelPrefix,
    liveSessions: (ids) => repo.liveSessions(db, ids, clock()),
    changedSince: (userId, since) => repo.changedSince(db, userId, since),
    log: app.log,
  });
  app.beforeSocketsClose(() => bell.shutdown());
  const announce = (userIds: string[]) =>
    afterResponse.run('announce a changed bell', () => bell.announce(userIds));
  // Every notify() on this database, from any module, ends here once its transaction committed.
  attachBell(db, {
    clock,
    committed: ({ userIds, mailJobKeys }) => {
      announce(userIds);
      if (mailJobKeys.length > 0)
        afterResponse.run('send notification mails', async () => {
          for (const key of mailJobKeys) await jobs.runNow(key);
        });
    },
  });
  registerNotificationMails({ db, jobs, mailer, appUrl: config.appUrl });
  const notifications = createNotificationService({
    db,
    clock,
    tickets: createBellTickets(jwtSecret, clock),
    // The app's own origin, http → ws and https → wss.
    socketOrigin: config.appUrl.replace(/^http(s?):\/\//, 'ws$1://'),
    announce,
  });
  await app.register(notificationRoutes, { notifications, bell, appOrigins: config.appOrigins });
  return {
    notifications: {
      /** Sign-in sessions ended: their bells, on any instance, are closed now. */
      sessionsEnded: () => bell.sessionsEnded(),
      /** The bells open on this instance. */
      live: () => bell.live(),
    },
  };
}
