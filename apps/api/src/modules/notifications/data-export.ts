import {
  EMAIL_NOTIFICATION_KINDS,
  notificationParamsSchema,
  type EmailNotificationKind,
} from '@vizita/shared/contracts/notifications';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@vizita/shared/domain/notification-kinds';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import type { Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

// What the notifications module publishes for the patient's data export (privacy, GDPR Art. 15
// and 20): the reads of its table stay with it (STYLE.md §9a).

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);
const isEmailKind = (kind: string): kind is EmailNotificationKind =>
  (EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** Every notification of the reader, newest first, and the e-mails they turned off. */
export async function notificationsForExport(
  db: Tx,
  userId: string,
): Promise<DataExport['notifications']> {
  const [rows, preferences] = await Promise.all([
    repo.allOf(db, userId),
    repo.preferencesOf(db, userId),
  ]);
  return {
    items: rows.flatMap((row) =>
      isKind(row.kind)
        ? [
            {
              kind: row.kind,
              params: notificationParamsSchema.safeParse(row.params).data ?? {},
              link: row.link,
              createdAt: row.createdAt.toISOString(),
              readAt: row.readAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
    emailTurnedOff: preferences.flatMap((p) => (!p.email && isEmailKind(p.kind) ? [p.kind] : [])),
  };
}
