import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { patientProfiles, users } from '../../db/schema.ts';

export type ProfileRow = typeof patientProfiles.$inferSelect;

/** The user with their profile (null before the first save). */
export async function findUserWithProfile(db: Tx, userId: string) {
  const [row] = await db
    .select({ user: users, profile: patientProfiles })
    .from(users)
    .leftJoin(patientProfiles, eq(patientProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Writes the whole profile row (insert or replace) — the service has merged the changes. */
export async function saveProfile(db: Tx, values: typeof patientProfiles.$inferInsert) {
  const { userId: _userId, ...rest } = values;
  await db
    .insert(patientProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: patientProfiles.userId,
      set: { ...rest, updatedAt: sql`now()` },
    });
}
