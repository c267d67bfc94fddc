import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  onDemandRequests,
  payments,
  users,
} from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Locks the patient's row: their bookings run one at a time while it is held. */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert) {
  await tx.insert(payments).values(values);
}

export async function lockPaymentBySession(
  tx: Tx,
  provider: 'local' | 'stripe',
  sessionId: string,
) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findPaymentBySession(
  db: Tx,
  provider: 'local' | 'stripe',
  sessionId: string,
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
    .limit(1);
  return row;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  values: Partial<typeof payments.$inferInsert>,
  now: Date,
) {
  await tx
    .update(payments)
    .set({ ...values, updatedAt: now })
    .where(eq(payments.id, id));
}

/**
 * The caller's payments, newest first, with the doctor's public name and specialties — none for
 * a "see a doctor now" visit no doctor took (ADR 0042): its specialty asked for instead.
 */
export async function paymentHistory(db: Db, patientId: string) {
  return db
    .select({
      payment: payments,
      startsAt: appointments.startsAt,
      plan: appointments.plan,
      doctor: { firstName: users.firstName, lastName: users.lastName },
      profile: { title: doctorProfiles.title, specialties: doctorProfiles.specialties },
      onDemandSpecialty: onDemandRequests.specialty,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(onDemandRequests, eq(onDemandRequests.appointmentId, appointments.id))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .where(eq(payments.patientId, patientId))
    .orderBy(desc(payments.createdAt));
}

/** The payment a provider's payment id (Stripe's payment intent) belongs to, locked. */
export async function lockPaymentByProviderPaymentId(
  tx: Tx,
  provider: 'local' | 'stripe',
  providerPaymentId: string,
) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for('update')
    .limit(1);
  return row;
}
