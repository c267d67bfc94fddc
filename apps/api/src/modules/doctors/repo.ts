import { and, between, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  doctorProfiles,
  doctorScheduleExceptions,
  doctorWeeklyHours,
  users,
} from '../../db/schema.ts';

/** A doctor patients can book now: the profile of an active doctor account. */
export async function findBookableDoctor(db: Db, doctorId: string) {
  const [row] = await db
    .select({ profile: doctorProfiles })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(and(eq(doctorProfiles.userId, doctorId), isNull(users.deactivatedAt)))
    .limit(1);
  return row?.profile;
}

export async function weeklyHours(db: Db, doctorId: string) {
  return db.select().from(doctorWeeklyHours).where(eq(doctorWeeklyHours.doctorId, doctorId));
}

export async function exceptionsBetween(db: Db, doctorId: string, from: string, to: string) {
  return db
    .select()
    .from(doctorScheduleExceptions)
    .where(
      and(
        eq(doctorScheduleExceptions.doctorId, doctorId),
        between(doctorScheduleExceptions.date, from, to),
      ),
    );
}
