import {
  NOTIFICATION_LINK_PATTERN,
  notificationParamsSchema,
  type NotificationParams,
} from '@vizita/shared/contracts/notifications';
import { type NotificationKind } from '@vizita/shared/domain/notification-kinds';
import { afterCommit, databaseOf } from '../../db/after-commit.ts';
import type { Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';
import { bellOf } from './bells.ts';

export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  params?: NotificationParams;
  /** A path of the web app, e.g. `/dashboard/appointments/<id>`. */
  link: string;
};

/** The job that mails "something is waiting for you" (notification-mails.ts). */
export const NOTIFICATION_MAIL_JOB = 'notification-mail';

/**
 * The kinds whose only mail is the notifications module's own, without content: a message, a
 * proposal, an offer, a document — each read in the app, none quoted in a mail. The appointment's
 * kinds have their own mails (appointments/appointment-mails.ts), sent beside the notification.
 */
export const KINDS_MAILED_HERE: ReadonlySet<NotificationKind> = new Set([
  'messageReceived',
  'followUpProposed',
  'earlierSlotOffered',
  'documentShared',
]);

/**
 * Puts notifications on their readers' bells, in the caller's transaction: one is shown exactly
 * when what it tells of is committed. What every module that tells someone something calls;
 * the notifications module owns the table (ADR 0035).
 *
 * Once the transaction has committed, the readers' open pages hear "your bell changed" (on any
 * instance) and the mail of a kind in KINDS_MAILED_HERE goes out — a durable job queued here, so
 * it survives a crash; the reader's e-mail preference is looked at when it is sent. Params are
 * kept to the four the texts use; anything else a caller passed is dropped, never stored.
 */
export async function notify(tx: Tx, input: NotificationInput | NotificationInput[]) {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) return;
  const bell = bellOf(databaseOf(tx));
  // The app's clock, so that a test's time and the bell's "5 minutes ago" agree.
  const now = bell?.clock() ?? new Date();
  const values = rows.map(({ userId, kind, params = {}, link }) => {
    if (!NOTIFICATION_LINK_PATTERN.test(link))
      throw new Error(`notify: the link must be a path of the web app, not "${link}"`);
    const parsed = notificationParamsSchema.safeParse(params);
    if (!parsed.success) throw new Error(`notify: params of "${kind}" are not the allowed ones`);
    return {
      userId,
      kind,
      params: parsed.data,
      link,
      createdAt: now,
    };
  });
  const inserted = await tx
    .insert(notifications)
    .values(values)
    .returning({ id: notifications.id, kind: notifications.kind });
  const mailJobKeys: string[] = [];
  for (const row of inserted) {
    if (!KINDS_MAILED_HERE.has(row.kind as NotificationKind)) continue;
    const key = `${NOTIFICATION_MAIL_JOB}:${row.id}`;
    await enqueue(tx, {
      kind: NOTIFICATION_MAIL_JOB,
      key,
      runAt: now,
      payload: { notificationId: row.id },
    });
    mailJobKeys.push(key);
  }
  const userIds = [...new Set(rows.map((r) => r.userId))];
  afterCommit(tx, () => bell?.committed({ userIds, mailJobKeys }));
}
