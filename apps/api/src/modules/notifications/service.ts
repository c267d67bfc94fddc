import {
  EMAIL_KINDS_BY_ROLE,
  isEssentialEmailKind,
  NOTIFICATIONS_PAGE_SIZE,
  type EmailPreference,
  type NotificationParams,
  type NotificationPage,
  type UpdateEmailPreferences,
} from '@vizita/shared/contracts/notifications';
import { type NotificationKind } from '@vizita/shared/domain/notification-kinds';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { roleOf } from '../../plugins/roles.ts';
import { findUserById } from '../auth/users.ts';
import * as repo from './repo.ts';
import type { BellTickets } from './socket-ticket.ts';

/** The notifications as their reader reads them: newest first, theirs only. */
export function createNotificationService({
  db,
  clock,
  tickets,
  socketOrigin,
  announce,
}: {
  db: Db;
  clock: Clock;
  tickets: BellTickets;
  /** ws(s)://host of the app: where the page opens its bell's socket. */
  socketOrigin: string;
  /** Tells the reader's other pages (tabs, devices, instances) that their bell changed. */
  announce: (userIds: string[]) => void;
}) {
  const toNotification = (row: Awaited<ReturnType<typeof repo.pageOf>>['items'][number]) => ({
    _id: row.id,
    kind: row.kind as NotificationKind,
    // Checked by notify() when stored; the response schema keeps only the four keys all the same.
    params: row.params as NotificationParams,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  });

  const service = {
    /** One page of the reader's bell with the unread count: one statement (repo.pageOf). */
    async list(userId: string, page = 1): Promise<NotificationPage> {
      const { unread, items } = await repo.pageOf(
        db,
        userId,
        NOTIFICATIONS_PAGE_SIZE + 1,
        (page - 1) * NOTIFICATIONS_PAGE_SIZE,
      );
      return {
        unread,
        items: items.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toNotification),
        page,
        hasMore: items.length > NOTIFICATIONS_PAGE_SIZE,
      };
    },

    /**
     * Marks one of the reader's own read (again: no change). Another's id answers the same 404
     * as one that does not exist, so ids reveal nothing.
     */
    async markRead(userId: string, id: string) {
      if (!(await repo.markRead(db, userId, id, clock())))
        throw new ApiError(404, 'notificationNotFound');
      announce([userId]);
      return { unread: await repo.countUnread(db, userId) };
    },

    async markAllRead(userId: string) {
      if ((await repo.markAllRead(db, userId, clock())) > 0) announce([userId]);
      return { unread: 0 };
    },

    /** The e-mails of the kinds a person in the reader's role receives: on, off, or always on. */
    async preferences(userId: string): Promise<{ email: EmailPreference[] }> {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(401, 'authRequired');
      const role = roleOf(user);
      const chosen = new Map(
        (await repo.preferencesOf(db, userId)).map((p) => [p.kind, p.email] as const),
      );
      return {
        email: EMAIL_KINDS_BY_ROLE[role].map((kind) => {
          const essential = isEssentialEmailKind(kind);
          return { kind, essential, email: essential || (chosen.get(kind) ?? true) };
        }),
      };
    },

    /** Changes the kinds given; an essential kind never reaches here (the contract refuses it). */
    async updatePreferences(userId: string, input: UpdateEmailPreferences) {
      await repo.setPreferences(db, userId, input.email);
      return service.preferences(userId);
    },

    /** Where the page opens its bell's socket, with a ticket for this reader and session. */
    async socket(userId: string, sessionId: string) {
      const { token, expiresAt } = await tickets.sign({ userId, sessionId });
      return {
        url: `${socketOrigin}/ws/notifications?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Whether a ticket opens a bell now: its session is still live. */
    async admit(ticket: string | undefined) {
      const claims = ticket ? await tickets.verify(ticket) : null;
      if (!claims) return null;
      const live = await repo.liveSessions(db, [claims.sessionId], clock());
      return live.has(claims.sessionId) ? claims : null;
    },
  };
  return service;
}
export type NotificationService = ReturnType<typeof createNotificationService>;
