import { isLocale } from '@vizita/shared/constants';
import type { NotificationKind } from '@vizita/shared/domain/notification-kinds';
import type { Db } from '../../db/client.ts';
import { findUserById } from '../auth/users.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';
import { KINDS_MAILED_HERE, NOTIFICATION_MAIL_JOB } from './notify.ts';
import { emailWanted } from './preferences.ts';
import * as repo from './repo.ts';

/** The mail of each kind that has none of its own (mail/templates.ts): a notice, no content. */
const MAIL_OF = {
  messageReceived: 'notificationMessage',
  followUpProposed: 'notificationFollowUp',
  earlierSlotOffered: 'notificationEarlierSlot',
  documentShared: 'notificationDocument',
} as const satisfies Partial<Record<NotificationKind, MailKind>>;

/**
 * Runs the `notification-mail` job that `notify()` queues beside a notification of a kind in
 * KINDS_MAILED_HERE: "something is waiting for you", in the reader's language, with a link to it
 * and nothing of what it is. No mail when the reader turned the kind off, when they have already
 * seen it in the app, or while an older one of the same kind and link is still unread (a thread of
 * ten messages is one mail until the reader looks).
 */
export function registerNotificationMails({
  db,
  jobs,
  mailer,
  appUrl,
}: {
  db: Db;
  jobs: JobWorker;
  mailer: Mailer;
  appUrl: string;
}) {
  jobs.register(NOTIFICATION_MAIL_JOB, async (payload) => {
    // Gone with its account or its retention period: nothing to tell.
    const row = await repo.findNotification(db, payload.notificationId ?? '');
    if (!row || row.readAt) return;
    const kind = row.kind as NotificationKind;
    if (!KINDS_MAILED_HERE.has(kind) || !Object.hasOwn(MAIL_OF, kind)) return;
    const reader = await findUserById(db, row.userId);
    if (!reader || reader.erasedAt || reader.deactivatedAt || reader.userType === 'guest') return;
    if (!(await emailWanted(db, reader.id, kind))) return;
    if (await repo.hasOlderUnread(db, row)) return;
    await mailer.send(
      renderMail(
        MAIL_OF[kind as keyof typeof MAIL_OF],
        isLocale(reader.locale) ? reader.locale : 'en',
        reader,
        `${appUrl}${row.link}`,
      ),
    );
  });
}
