import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, payments } from '../../db/schema.ts';

// A patient's appointments when their account is erased (GDPR Art. 17, ADR 0025), published for
// the privacy module's erasure: the table's writes stay with its owner (STYLE.md §9a).

/** The ids of the patient's upcoming appointments: cancelled as the patient would, first. */
export async function upcomingIdsOf(db: Db, patientId: string) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.status, 'upcoming')));
}

/**
 * In the erasing transaction: the patient's holds end; the appointments a payment record points
 * at stay, stripped of every health text, and the others go, with their notes and documents
 * (cascade). Answers the ids kept, whose notes and documents the caller deletes.
 */
export async function eraseAppointmentsOf(tx: Tx, patientId: string, now: Date) {
  await tx
    .update(appointments)
    .set({ status: 'expired', holdExpiresAt: now })
    .where(and(eq(appointments.patientId, patientId), eq(appointments.status, 'pending')));
  const kept = tx
    .select({ id: payments.appointmentId })
    .from(payments)
    .where(eq(payments.patientId, patientId));
  await tx
    .delete(appointments)
    .where(and(eq(appointments.patientId, patientId), notInArray(appointments.id, kept)));
  const keptIds = (await kept).map((k) => k.id);
  if (keptIds.length > 0)
    await tx
      .update(appointments)
      .set({
        reasonEncrypted: null,
        notesEncrypted: null,
        cancelReasonEncrypted: null,
        requestEncrypted: null,
        legacyReason: null,
        legacyNotes: null,
        legacyCancelReason: null,
        updatedAt: now,
      })
      .where(inArray(appointments.id, keptIds));
  return keptIds;
}
