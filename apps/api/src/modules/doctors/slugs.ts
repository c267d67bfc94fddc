import slugify from '@sindresorhus/slugify';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { doctorProfiles, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

// Bulgarian's official transliteration (Закон за транслитерацията, 2009) where it differs from
// the Russian one the library applies to Cyrillic: "Щерев" is "shterev", "Ъгълов" "agalov".
const BULGARIAN = [
  ['щ', 'sht'],
  ['Щ', 'Sht'],
  ['ъ', 'a'],
  ['Ъ', 'A'],
  ['ь', 'y'],
  ['х', 'h'],
  ['Х', 'H'],
  ['ц', 'ts'],
  ['Ц', 'Ts'],
  ['й', 'y'],
  ['Й', 'Y'],
  ['ю', 'yu'],
  ['Ю', 'Yu'],
  ['я', 'ya'],
  ['Я', 'Ya'],
] as const satisfies readonly (readonly [string, string])[];

/** The slug a name gives: "Георги Димитров" → "georgi-dimitrov", "Jürgen Weiß" → "juergen-weiss". */
export function slugOfName(firstName: string, lastName: string): string {
  const slug = slugify(`${firstName} ${lastName}`, {
    customReplacements: BULGARIAN.map(([from, to]) => [from, to]),
  });
  return slug || 'doctor';
}

/** The first of `base`, `base-2`, `base-3`… that no doctor has yet. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: doctorProfiles.slug })
        .from(doctorProfiles)
        .where(or(eq(doctorProfiles.slug, base), like(doctorProfiles.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new doctor's slug, inside the transaction that creates the profile. */
export async function newDoctorSlug(tx: Tx, name: { firstName: string; lastName: string }) {
  return freeSlug(tx, slugOfName(name.firstName, name.lastName));
}

/**
 * Gives every doctor made before slugs existed (migration 0018) one, at boot. Two instances that
 * start together may pick the same one: the unique constraint refuses the second, which tries
 * again with the slug now taken.
 */
export async function assignMissingSlugs(db: Db): Promise<void> {
  const missing = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(isNull(doctorProfiles.slug));
  for (const doctor of missing) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await db.transaction(async (tx) => {
          const slug = await newDoctorSlug(tx, doctor);
          await tx
            .update(doctorProfiles)
            .set({ slug })
            .where(and(eq(doctorProfiles.userId, doctor.id), isNull(doctorProfiles.slug)));
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }
}
