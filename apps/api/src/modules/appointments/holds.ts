import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import { notifyAboutAppointment } from '../notifications/appointment-notices.ts';
import { queueAppointmentMail, queueDoctorNotice, queueReminders } from './appointment-mails.ts';

// A payment hold's life, published for the modules that take slots (payments' checkout, a guest
// consultation) and for the appointments module's own moves. A hold is an appointment row in
// `pending`; the partial unique index on (doctor, start) for pending/upcoming rows decides who
// holds a slot. These are the only writes of the table outside its service (STYLE.md §9a).

/** Lapsed holds on one slot give it up, so a new hold can take it (the unique index sees it free). */
export async function expireLapsedHoldsOnSlot(tx: Tx, doctorId: string, startsAt: Date, now: Date) {
  await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.startsAt, startsAt),
        eq(appointments.status, 'pending'),
        lt(appointments.holdExpiresAt, now),
      ),
    );
}

/**
 * Inserts an appointment that takes its slot: a payment hold (`pending`), or a consultation that
 * needs no payment (`upcoming`, a guest's). The partial unique index on (doctor, start) for
 * pending/upcoming rows decides races: `on conflict do nothing` answers undefined for every loser.
 * A prescription request takes no slot: the index leaves it out, and it is always inserted.
 */
export async function insertHold(tx: Tx, values: typeof appointments.$inferInsert) {
  const [row] = await tx
    .insert(appointments)
    .values(values)
    .onConflictDoNothing({
      target: [appointments.doctorId, appointments.startsAt],
      // The index's own predicate: a prescription request holds no slot (ADR 0039).
      where: sql`status in ('pending', 'upcoming') and plan <> 'prescription'`,
    })
    .returning();
  return row;
}

/** The patient's unpaid holds that still keep a slot. */
export async function countOpenHolds(tx: Tx, patientId: string, now: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'pending'),
        gt(appointments.holdExpiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Holds whose checkout lapsed: the sweep marks them expired and their payments cancelled. */
export async function lapsedHolds(db: Db, now: Date, limit = 100) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.status, 'pending'), lt(appointments.holdExpiresAt, now)))
    .limit(limit);
}

/**
 * The hold is paid: the appointment is booked. Run it in a savepoint — when the hold had lapsed
 * and another patient holds the slot now, the unique index refuses it.
 */
export async function confirmHold(tx: Tx, id: string, now: Date) {
  await tx
    .update(appointments)
    .set({ status: 'upcoming', holdExpiresAt: null, updatedAt: now })
    .where(eq(appointments.id, id));
}

/**
 * What a booking sets going once it holds its slot for good — paid, or taken without a payment
 * (a free follow-up visit): the patient's confirmation, the doctor's notice and the reminders,
 * queued in the caller's transaction. One place, so every kind of booking tells the same people
 * once. Answers the keys of the jobs to run once the transaction committed.
 */
export async function bookingConfirmed(
  tx: Tx,
  appointment: { id: string; startsAt: Date; plan: string },
  now: Date,
): Promise<string[]> {
  const keys = [
    await queueAppointmentMail(tx, 'confirmed', appointment.id, now),
    await queueDoctorNotice(tx, 'confirmed', appointment.id, now),
  ];
  // A prescription request has no call to remind of; its mails say it is a request.
  const request = appointment.plan === 'prescription';
  if (!request) await queueReminders(tx, appointment, now);
  await notifyAboutAppointment(tx, appointment.id, [
    { to: 'patient', kind: request ? 'requestReceived' : 'bookingConfirmed' },
    { to: 'doctor', kind: request ? 'newRequest' : 'newBooking' },
  ]);
  return keys;
}

/** The hold ends unpaid (the checkout lapsed, failed or was left): the slot is free again. */
export async function expireHold(tx: Tx, id: string, now: Date) {
  await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(eq(appointments.id, id));
}

/**
 * Paid after the hold lapsed and someone else took the slot: the appointment is cancelled by
 * Vizita itself (ADR 0011), with the reason already sealed by the caller (health-text.ts).
 */
export async function cancelHoldWhoseSlotWasTaken(
  tx: Tx,
  id: string,
  cancelReasonEncrypted: string | null,
  now: Date,
) {
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelReasonEncrypted, cancelledAt: now, updatedAt: now })
    .where(eq(appointments.id, id));
}
