import { and, arrayContains, asc, between, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  doctorScheduleExceptions,
  doctorWeeklyHours,
  users,
} from '../../db/schema.ts';

/** The doctors patients can book: active ones, optionally by specialty code and language. */
export async function listDoctors(db: Db, filter: { specialty?: string; language?: string } = {}) {
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
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

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
 * The doctor's slots taken by a booked appointment or a live payment hold, as start → end of the
 * hold in epoch ms (null for a booked appointment, which never lapses). A hold past its expiry no
 * longer counts, even before anything has marked it expired; one kept in memory (the availability
 * cache) lapses by its end.
 */
export async function takenSlots(db: Db, doctorId: string, from: Date, to: Date, now: Date) {
  const rows = await db
    .select({
      startsAt: appointments.startsAt,
      status: appointments.status,
      holdExpiresAt: appointments.holdExpiresAt,
    })
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
  return new Map(
    rows.map((r) => [
      r.startsAt.getTime(),
      r.status === 'pending' && r.holdExpiresAt ? r.holdExpiresAt.getTime() : null,
    ]),
  );
}

/** Start instants (epoch ms) of the doctor's slots taken now (see takenSlots). */
export async function heldStarts(db: Db, doctorId: string, from: Date, to: Date, now: Date) {
  return new Set((await takenSlots(db, doctorId, from, to, now)).keys());
}
