import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  consents,
  refreshTokens,
  sessions,
  trustedDevices,
  twoFactor,
  users,
} from '../../db/schema.ts';

import type { UserRow } from './users.ts';

/** What a session's answer says about its user (GET /auth/status), and nothing more. */
const sessionUserColumns = {
  id: users.id,
  userType: users.userType,
  isAdmin: users.isAdmin,
  isPaid: users.isPaid,
  isProfileComplete: users.isProfileComplete,
};
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>;

export async function updateUser(
  db: Tx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findLiveSession(db: Tx, sessionId: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * What GET /auth/status needs for a bearer's session, in one round trip (issue #13): the live
 * session and its user, whether two-factor sign-in is on, and the legal documents' versions the
 * user accepted. Undefined when the session is not live or not this user's.
 */
function prepareStatusOfSession(db: Tx) {
  return db
    .select({
      // Not the whole row: no password hash or names to fetch, parse and hold for a status.
      user: sessionUserColumns,
      restricted: sessions.restricted,
      twoFactorOn: sql<boolean>`${twoFactor.enabledAt} is not null`,
      accepted: sql<{ document: string; version: string }[]>`coalesce((
        select json_agg(json_build_object('document', c.document, 'version', c.version))
        from ${consents} c where c.user_id = ${users.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactor, eq(twoFactor.userId, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}`,
      ),
    )
    .limit(1)
    .prepare('auth_status_of_session');
}
// Prepared once per database handle: neither drizzle nor PostgreSQL builds and plans it again.
const statusOfSessionQueries = new WeakMap<Tx, ReturnType<typeof prepareStatusOfSession>>();

export async function statusOfSession(db: Tx, sessionId: string, userId: string, now: Date) {
  let query = statusOfSessionQueries.get(db);
  if (!query) statusOfSessionQueries.set(db, (query = prepareStatusOfSession(db)));
  const [row] = await query.execute({ sessionId, userId, now });
  return row;
}

/** Notes when a session last renewed its access (the signed-in devices list shows it). */
export async function touchSession(db: Tx, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
}

/** A new password forgets the browsers remembered after the second factor. */
export async function forgetTrustedDevices(db: Tx, userId: string) {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

export async function revokeSession(db: Tx, sessionId: string, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function insertRefreshToken(db: Tx, sessionId: string, tokenHash: string) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** The refresh token with its session, locked: rotation must be one-at-a-time per token. */
export async function lockRefreshToken(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens })
    .limit(1);
  return row;
}

export async function markRefreshTokenUsed(db: Tx, id: string, at: Date) {
  await db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
}

export async function findRefreshSession(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.sessionId;
}
