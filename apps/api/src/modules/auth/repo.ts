import type { AuditEvent } from '@vizita/shared/domain/audit-events';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  consents,
  oneTimeTokens,
  refreshTokens,
  sessions,
  trustedDevices,
  twoFactor,
  users,
} from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** What a session's answer says about its user (GET /auth/status), and nothing more. */
const sessionUserColumns = {
  id: users.id,
  userType: users.userType,
  isAdmin: users.isAdmin,
  isPaid: users.isPaid,
  isProfileComplete: users.isProfileComplete,
};
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>;
export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
/** A transaction or the pool: repo functions work inside either. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; answers undefined when the e-mail is taken (instead of throwing). */
export async function insertUser(
  db: Tx,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

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

export async function insertOneTimeToken(
  db: Tx,
  values: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

/**
 * Records a token as spent, once: true for the first caller, false when it was spent before —
 * also by a concurrent caller, whom the unique index on the hash makes wait for the first.
 */
export async function spendOnce(
  db: Tx,
  values: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date; at: Date },
) {
  const { at, ...row } = values;
  const [spent] = await db
    .insert(oneTimeTokens)
    .values({ ...row, consumedAt: at })
    .onConflictDoNothing({ target: oneTimeTokens.tokenHash })
    .returning({ id: oneTimeTokens.id });
  return Boolean(spent);
}

/** Locks the token row so two concurrent uses of one link cannot both succeed. */
export async function lockOneTimeToken(db: Tx, tokenHash: string, purpose: OneTimePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  return row;
}

export async function findOneTimeToken(db: Tx, tokenHash: string, purpose: OneTimePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Spends every open token of a purpose for a user (a used reset link retires its siblings). */
export async function consumeOneTimeTokens(
  db: Tx,
  userId: string,
  purpose: OneTimePurpose,
  at: Date,
) {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: at })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
      ),
    );
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

/** Revokes every live session of a user, optionally sparing one (the caller's own). */
export async function revokeUserSessions(
  db: Tx,
  userId: string,
  reason: string,
  at: Date,
  exceptSessionId?: string,
) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(...conditions));
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

export async function audit(
  db: Tx,
  event: AuditEvent,
  values: {
    userId?: string | null;
    /** Whose record the event concerns (a patient whose profile a doctor read). */
    subjectUserId?: string | null;
    ip?: string | null;
    meta?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    event,
    userId: values.userId ?? null,
    subjectUserId: values.subjectUserId ?? null,
    ip: values.ip ?? null,
    meta: values.meta ?? {},
  });
}
