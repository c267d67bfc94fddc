import {
  EMAIL_NOTIFICATION_KINDS,
  isEssentialEmailKind,
} from '@vizita/shared/contracts/notifications';
import { type NotificationKind } from '@vizita/shared/domain/notification-kinds';
import type { Tx } from '../../db/client.ts';
import * as repo from './repo.ts';

// What the notifications module publishes of the readers' e-mail preferences: every module that
// mails about a kind of notification (the appointment's mails, this module's own) asks here first.

/**
 * Whether the reader wants this kind by e-mail: an essential kind always (a cancellation, a move,
 * a reassignment); any other unless they turned it off — every mail is on until then.
 */
export async function emailWanted(db: Tx, userId: string, kind: NotificationKind) {
  if (isEssentialEmailKind(kind)) return true;
  if (!(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind)) return false;
  const chosen = (await repo.preferencesOf(db, userId)).find((p) => p.kind === kind);
  return chosen?.email ?? true;
}
