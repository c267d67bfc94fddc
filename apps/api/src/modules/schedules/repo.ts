import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { WeeklyInterval } from '@vizita/shared/domain/slots';
import type { Tx } from '../../db/client.ts';
import {
  appointments,
  doctorScheduleExceptions,
  doctorWeeklyHours,
  users,
} from '../../db/schema.ts';

export type ExceptionRow = typeof doctorScheduleExceptions.$inferSelect;

export async function weekly(db: Tx, doctorId: string): Promise<WeeklyInterval[]> {
  const rows = await db
    .select()
    .from(doctorWeeklyHours)
    .where(eq(doctorWeeklyHours.doctorId, doctorId))
    .orderBy(asc(doctorWeeklyHours.weekday), asc(doctorWeeklyHours.startTime));
  return rows.map((r) => ({ weekday: r.weekday, start: r.startTime, end: r.endTime }));
}

export function exceptionsFrom(db: Tx, doctorId: string, from: string): Promise<ExceptionRow[]> {
  return db
    .select()
    .from(doctorScheduleExceptions)
    .where(
      and(
        eq(doctorScheduleExceptions.doctorId, doctorId),
        gte(doctorScheduleExceptions.date, from),
      ),
    )
    .orderBy(asc(doctorScheduleExceptions.date), asc(doctorScheduleExceptions.startTime));
}

export async function replaceWeekly(tx: Tx, doctorId: string, ranges: WeeklyInterval[]) {
  await tx.delete(doctorWeeklyHours).where(eq(doctorWeeklyHours.doctorId, doctorId));
  if (ranges.length > 0)
    await tx
      .insert(doctorWeeklyHours)
      .values(
        ranges.map((r) => ({ doctorId, weekday: r.weekday, startTime: r.start, endTime: r.end })),
      );
}

export async function insertException(
  tx: Tx,
  values: typeof doctorScheduleExceptions.$inferInsert,
) {
  const [row] = await tx.insert(doctorScheduleExceptions).values(values).returning();
  return row!;
}

export async function deleteException(tx: Tx, doctorId: string, id: string) {
  const [row] = await tx
    .delete(doctorScheduleExceptions)
    .where(
      and(eq(doctorScheduleExceptions.id, id), eq(doctorScheduleExceptions.doctorId, doctorId)),
    )
    .returning();
  return row;
}

/** The doctor's booked appointments that have not begun, with the patient's name. */
export function bookedAhead(db: Tx, doctorId: string, now: Date) {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.status, 'upcoming'),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}
