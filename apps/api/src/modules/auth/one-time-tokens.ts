import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema.ts';

// The auth module owns `one_time_tokens` (STYLE.md §9a): the single-use, hashed links of e-mail
// validation, password reset and staff invitations, and the spent sign-in challenges. This file
// is their SQL, published for the other modules too — the clinic's staff invitation
// (admin/staff-invite-service.ts) issues, checks and spends its links here.

export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

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
