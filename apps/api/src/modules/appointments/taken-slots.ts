import { and, eq, gt, gte, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';

// Published for the doctors module's availability (booking window, offered slot): which of a
// doctor's slots the appointments table holds. The query is the table owner's (STYLE.md §9a).

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
        // A prescription request holds no time (ADR 0039).
        ne(appointments.plan, 'prescription'),
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
