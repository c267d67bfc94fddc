import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences, notifications, sessions } from '../../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

type PageRow = {
  unread: number;
  id: string | null;
  kind: string | null;
  params: Record<string, string> | null;
  link: string | null;
  created_at: Date | string | null;
  read_at: Date | string | null;
};

/**
 * The bell in one statement (issue #20: the read every signed-in page makes): the reader's unread
 * count from the partial index `notifications_unread_idx`, beside one page of their newest from
 * `notifications_user_idx` (read backwards). A reader with none still gets one row: the count.
 * `limit` rows are asked one more than the page holds, to know whether an older page exists.
 */
export async function pageOf(db: Tx, userId: string, limit: number, offset: number) {
  const n = notifications;
  const result = await db.execute<PageRow>(sql`
    select u.unread, p.id, p.kind, p.params, p.link, p.created_at, p.read_at
    from (
      select count(*)::int as unread from ${n}
      where ${n.userId} = ${userId} and ${n.readAt} is null
    ) u
    left join lateral (
      select ${n.id}, ${n.kind}, ${n.params}, ${n.link}, ${n.createdAt}, ${n.readAt}
      from ${n}
      where ${n.userId} = ${userId}
      order by ${n.createdAt} desc, ${n.id} desc
      limit ${limit} offset ${offset}
    ) p on true`);
  const unread = result.rows[0]?.unread ?? 0;
  const items = result.rows.flatMap((r) =>
    r.id !== null && r.kind !== null && r.link !== null && r.created_at !== null
      ? [
          {
            id: r.id,
            kind: r.kind,
            params: r.params ?? {},
            link: r.link,
            createdAt: asDate(r.created_at),
            readAt: r.read_at === null ? null : asDate(r.read_at),
          },
        ]
      : [],
  );
  return { unread, items };
}

export async function countUnread(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Whether a notification of the reader's came or was read at or after `since` (the bell socket's
 * "ready"): on `notifications_user_idx`, over the reader's own rows only.
 */
export async function changedSince(db: Tx, userId: string, since: Date): Promise<boolean> {
  const n = notifications;
  const at = sql`${since.toISOString()}::timestamptz`;
  const result = await db.execute<{ changed: boolean }>(sql`
    select exists (
      select 1 from ${n}
      where ${n.userId} = ${userId} and (${n.createdAt} >= ${at} or ${n.readAt} >= ${at})
    ) as changed`);
  return result.rows[0]?.changed === true;
}

/** Marks one of the reader's own read; answers whether it is theirs (read before or now). */
export async function markRead(db: Tx, userId: string, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

/** Marks every unread one of the reader read; answers how many changed. */
export async function markAllRead(db: Tx, userId: string, now: Date): Promise<number> {
  const result = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return result.rowCount ?? 0;
}

export async function findNotification(db: Tx, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

/**
 * Whether the reader has an unread notification of this kind and link older than `before`: they
 * were mailed about it and have not looked since, so a second mail would tell them nothing.
 */
export async function hasOlderUnread(
  db: Tx,
  row: Pick<NotificationRow, 'id' | 'userId' | 'kind' | 'link' | 'createdAt'>,
) {
  const [older] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, row.userId),
        eq(notifications.kind, row.kind),
        eq(notifications.link, row.link),
        isNull(notifications.readAt),
        sql`(${notifications.createdAt}, ${notifications.id}) < (${row.createdAt.toISOString()}::timestamptz, ${row.id}::uuid)`,
      ),
    )
    .limit(1);
  return older !== undefined;
}

/** Whether a notification of this kind and link exists for the reader (read or not). */
export async function exists(db: Tx, userId: string, kind: string, link: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.link, link),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The kinds whose e-mail the reader turned off (or back on): only what they chose is stored. */
export async function preferencesOf(db: Tx, userId: string) {
  return db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function setPreferences(
  db: Tx,
  userId: string,
  choices: { kind: string; email: boolean }[],
) {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email` },
    });
}

/** Every notification of a reader, newest first (the data export). */
export async function allOf(db: Tx, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`);
}

/**
 * Which of these sign-in sessions are live: neither ended (sign-out, deletion) nor expired. A
 * read of the auth module's table, as the video rooms make it (meetings/repo.ts).
 */
export async function liveSessions(db: Db, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
