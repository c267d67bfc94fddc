import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dependants, users } from '../../db/schema.ts';

export type DependantRow = typeof dependants.$inferSelect;

/** The holder's dependants, oldest entry first (the order they were added). */
export async function dependantsOf(db: Tx, holderUserId: string) {
  return db
    .select()
    .from(dependants)
    .where(eq(dependants.holderUserId, holderUserId))
    .orderBy(asc(dependants.createdAt), asc(dependants.id));
}

export async function countOf(db: Tx, holderUserId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(dependants)
    .where(eq(dependants.holderUserId, holderUserId));
  return row?.n ?? 0;
}

/** One dependant of this holder, locked for a change in this transaction. */
export async function lockOwn(tx: Tx, holderUserId: string, id: string) {
  const [row] = await tx
    .select()
    .from(dependants)
    .where(and(eq(dependants.id, id), eq(dependants.holderUserId, holderUserId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertDependant(tx: Tx, values: typeof dependants.$inferInsert) {
  const [row] = await tx.insert(dependants).values(values).returning();
  return row!;
}

export async function updateDependant(
  tx: Tx,
  id: string,
  values: Partial<typeof dependants.$inferInsert>,
  now: Date,
) {
  const [row] = await tx
    .update(dependants)
    .set({ ...values, updatedAt: now })
    .where(eq(dependants.id, id))
    .returning();
  return row!;
}

/** The dependant whose live hand-over link has this hash, locked: a link is taken once. */
export async function lockByHandoverToken(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(dependants)
    .where(
      and(
        eq(dependants.handoverTokenHash, tokenHash),
        gt(dependants.handoverExpiresAt, now),
        isNull(dependants.handedOverAt),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** The holder's user row, locked as a booking locks it: one change of their people at a time. */
export async function lockHolder(tx: Tx, holderUserId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, holderUserId)).for('update');
}
