import { and, arrayContains, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { doctorProfiles, users } from '../../db/schema.ts';
import { newDoctorSlug } from './slugs.ts';

// The doctors module owns `doctor_profiles` (STYLE.md §9a). This file is what it publishes for
// the other modules: the profile read, the bookable list, the clinic's list of every doctor
// account, and the writes of the doctor's own console and the clinic's administration.

export type DoctorProfileRow = typeof doctorProfiles.$inferSelect;

/**
 * The doctors patients can book: active ones, optionally by specialty code and language — or the
 * one of a public page's slug.
 */
export async function listDoctors(
  db: Db,
  filter: { specialty?: string; language?: string; slug?: string } = {},
) {
  return db
    .select({
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      profile: doctorProfiles,
    })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(
      and(
        eq(users.userType, 'doctor'),
        isNull(users.deactivatedAt),
        filter.specialty
          ? arrayContains(doctorProfiles.specialties, [filter.specialty])
          : undefined,
        filter.language ? arrayContains(doctorProfiles.languages, [filter.language]) : undefined,
        filter.slug ? eq(doctorProfiles.slug, filter.slug) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function findDoctorProfile(db: Tx, doctorId: string) {
  const [row] = await db
    .select()
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, doctorId))
    .limit(1);
  return row;
}

/** Every doctor account with its profile, active or not (one, given its id), by name. */
export async function doctorAccounts(db: Tx, doctorId?: string) {
  return db
    .select({ user: users, profile: doctorProfiles })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(and(eq(users.userType, 'doctor'), doctorId ? eq(users.id, doctorId) : undefined))
    .orderBy(users.lastName, users.firstName);
}

/** A new doctor's profile, with the public page's slug made from the name (slugs.ts). */
export async function insertDoctorProfile(
  db: Tx,
  values: Omit<typeof doctorProfiles.$inferInsert, 'slug'>,
  name: { firstName: string; lastName: string },
) {
  await db.insert(doctorProfiles).values({ ...values, slug: await newDoctorSlug(db, name) });
}

export async function updateDoctorProfile(
  db: Tx,
  doctorId: string,
  values: Partial<Omit<typeof doctorProfiles.$inferInsert, 'userId'>>,
) {
  await db.update(doctorProfiles).set(values).where(eq(doctorProfiles.userId, doctorId));
}
