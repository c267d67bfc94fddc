import { and, asc, between, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  doctorScheduleExceptions,
  doctorWeeklyHours,
  users,
} from '../../db/schema.ts';

export async function listDoctors(db: Db) {
  return db
    .select({
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      profile: doctorProfiles,
    })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(eq(users.userType, 'doctor'))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function findDoctorProfile(db: Db, doctorId: string) {
  const [row] = await db
    .select()
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, doctorId))
    .limit(1);
  return row;
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

/**
 * Start instants of the doctor's slots taken by a booked appointment or a live payment hold. A
 * hold past its expiry no longer counts, even before anything has marked it expired.
 */
export async function heldStarts(db: Db, doctorId: string, from: Date, to: Date, now: Date) {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        or(
          eq(appointments.status, 'upcoming'),
          and(
            eq(appointments.status, 'pending'),
            or(isNull(appointments.holdExpiresAt), gt(appointments.holdExpiresAt, now)),
          ),
        ),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
  return new Set(rows.map((r) => r.startsAt.getTime()));
}
