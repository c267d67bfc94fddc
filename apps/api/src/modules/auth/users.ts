import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

// The auth module owns `users` (STYLE.md §9a). This is what it publishes about accounts for the
// other modules: the user's row by id or address, a new account, a closed one and its sessions
// ended, and the few columns other areas set — the names and completeness the patient's profile
// saves, the language, zone and paid mark a booking leaves, a password an invitation chose. A
// guest's account is ./guest-accounts.ts, the one-time links ./one-time-tokens.ts; the rest of
// the auth tables stay behind ./repo.ts, which lint keeps to this module (eslint.config.js).

export type UserRow = typeof users.$inferSelect;

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

/** Closes an account (`at`) or opens it again (null); its sessions are ended separately. */
export async function setDeactivated(db: Tx, userId: string, at: Date | null, now: Date) {
  await db.update(users).set({ deactivatedAt: at, updatedAt: now }).where(eq(users.id, userId));
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

/**
 * The password the person chose with a link from their mailbox (a staff invitation): the link
 * reached the mailbox, which is what e-mail validation proves.
 */
export async function setChosenPassword(
  db: Tx,
  user: Pick<UserRow, 'id' | 'emailValidatedAt'>,
  passwordHash: string,
  at: Date,
) {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: at,
      emailValidatedAt: user.emailValidatedAt ?? at,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
}

/** What the patient's profile keeps on the account: the names, and whether it is complete. */
export async function updateProfileFields(
  db: Tx,
  userId: string,
  values: { firstName?: string; lastName?: string; isProfileComplete: boolean },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The language and the time zone a patient booked in: their mails use them from then on. */
export async function setMailPreferences(
  db: Tx,
  userId: string,
  values: { locale: string; timeZone: string | null },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The patient has paid for a consultation (the session status says so). */
export async function markPaid(db: Tx, userId: string) {
  await db.update(users).set({ isPaid: true }).where(eq(users.id, userId));
}
