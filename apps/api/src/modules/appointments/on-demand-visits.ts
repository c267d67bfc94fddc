import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, meetingEvents } from '../../db/schema.ts';

// A "see a doctor now" visit's moves on the appointments table (ADR 0042), published for the
// on-demand module: taken by a doctor, or ended untaken. Like holds.ts, these are the only writes
// of the table for that plan outside the appointments module (STYLE.md §9a).

/**
 * The doctor takes the visit: it becomes hers, now. Conditional on its having no doctor, so of
 * two doctors taking it at once exactly one gets the row (the other's update finds none, after
 * waiting for the first one's lock). Answers the taken appointment, or undefined.
 */
export async function assignOnDemandVisit(
  tx: Tx,
  id: string,
  taken: { doctorId: string; startsAt: Date; endsAt: Date; timeZone: string },
  now: Date,
) {
  const [row] = await tx
    .update(appointments)
    .set({ ...taken, updatedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.plan, 'on-demand'),
        eq(appointments.status, 'upcoming'),
        isNull(appointments.doctorId),
      ),
    )
    .returning();
  return row;
}

/**
 * The visit ends without a doctor — she left, or nobody took her in time: cancelled (by her, or
 * by the clinic), with the reason already sealed by the caller. Conditional like the take above:
 * a visit a doctor took meanwhile stays taken. Answers whether it ended.
 */
export async function endUntakenVisit(
  tx: Tx,
  id: string,
  by: 'patient' | 'clinic',
  cancelReasonEncrypted: string | null,
  now: Date,
) {
  const rows = await tx
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledBy: by,
      cancelReasonEncrypted,
      cancelledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.plan, 'on-demand'),
        inArray(appointments.status, ['pending', 'upcoming']),
        isNull(appointments.doctorId),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/**
 * Whether the doctor has a call in [from, to): a booked or held visit of any kind but a
 * prescription request, which holds no time. A doctor in a call is not free to take the next.
 */
export async function doctorHasCallBetween(tx: Tx, doctorId: string, from: Date, to: Date) {
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        inArray(appointments.status, ['pending', 'upcoming']),
        ne(appointments.plan, 'prescription'),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * How long the recent consultations lasted, in minutes: from the admission into the room to the
 * last one leaving, over the latest `sample` calls that had both. Null when there are too few.
 */
export async function recentConsultationMinutes(db: Db, since: Date, sample = 50) {
  const result = await db.execute<{ minutes: number | null; calls: number }>(sql`
    select avg(extract(epoch from (ended - admitted)) / 60)::float as minutes, count(*)::int as calls
    from (
      select min(${meetingEvents.at}) filter (where ${meetingEvents.kind} = 'admitted') as admitted,
             max(${meetingEvents.at}) filter (where ${meetingEvents.kind} = 'left') as ended
      from ${meetingEvents}
      where ${meetingEvents.at} > ${since}
      group by ${meetingEvents.appointmentId}
      order by ended desc nulls last
      limit ${sample}
    ) calls
    where admitted is not null and ended > admitted`);
  const row = result.rows[0];
  return row && row.calls >= 3 && row.minutes !== null ? Number(row.minutes) : null;
}
