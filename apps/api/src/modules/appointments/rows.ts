import { and, eq, lt } from 'drizzle-orm';
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
