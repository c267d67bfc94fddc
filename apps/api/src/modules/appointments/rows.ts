import { and, asc, desc, eq, gt, gte, inArray, lt, max, or, sql } from 'drizzle-orm';
import type { OutcomeRequest } from '@vizita/shared/contracts/doctor-console';
import type { Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';

// What the appointments module publishes of a single row for other modules' transactions
// (payments, the doctor console, the clinic): found, locked, and the doctor's outcome recorded.
// Every other write of the table stays in this module (STYLE.md §9a).

export type AppointmentRow = typeof appointments.$inferSelect;

export async function findAppointment(db: Tx, id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

/**
 * Whether the patient is known to the practice before `before`: a consultation at this clinic,
 * with any of its doctors, that took place (completed) and began earlier. The sick-note rule for
 * video consultations depends on it (issue #21, domain/sick-notes.ts).
 */
export async function hadCompletedVisitBefore(db: Tx, patientId: string, before: Date) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'completed'),
        lt(appointments.startsAt, before),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The doctors a patient had a visit with (a consultation or a follow-up that took place) since
 * `since`, each with the start of the newest: whom she may ask for a repeat prescription.
 */
export async function lastVisitsByDoctor(db: Tx, patientId: string, since: Date) {
  return db
    .select({ doctorId: appointments.doctorId, lastVisit: max(appointments.startsAt) })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'completed'),
        inArray(appointments.plan, ['consultation', 'follow-up']),
        gte(appointments.startsAt, since),
      ),
    )
    .groupBy(appointments.doctorId)
    .orderBy(desc(max(appointments.startsAt)));
}

/**
 * A doctor's prescription requests that wait for an answer (paid, neither answered nor
 * cancelled), the nearest deadline first: the console's queue.
 */
export async function openRequestsOf(db: Tx, doctorId: string) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.plan, 'prescription'),
        eq(appointments.status, 'upcoming'),
      ),
    )
    .orderBy(asc(appointments.endsAt), sql`${appointments.id}`);
}

/** The appointment, locked for a change of its status or time in this transaction. */
export async function lockAppointment(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** The doctor's outcome of a consultation that took place (or did not: a no-show). */
export async function recordOutcome(
  tx: Tx,
  id: string,
  outcome: OutcomeRequest['outcome'],
  now: Date,
) {
  await tx
    .update(appointments)
    .set({ status: outcome, updatedAt: now })
    .where(eq(appointments.id, id));
}

/**
 * Whether a dependant has a visit still to come (paid, or a hold being paid): a record is not
 * handed over from under a booking its holder paid for (ADR 0043).
 */
export async function dependantHasUpcoming(db: Tx, dependantId: string, now: Date) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.dependantId, dependantId),
        or(
          eq(appointments.status, 'upcoming'),
          and(eq(appointments.status, 'pending'), gt(appointments.holdExpiresAt, now)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
