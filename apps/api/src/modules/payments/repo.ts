import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, payments, users } from '../../db/schema.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type PaymentRow = typeof payments.$inferSelect;

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
 * Inserts the payment hold. The partial unique index on (doctor, start) for pending/upcoming
 * rows decides races: `on conflict do nothing` answers undefined for every loser.
 */
export async function insertHold(tx: Tx, values: typeof appointments.$inferInsert) {
  const [row] = await tx
    .insert(appointments)
    .values(values)
    .onConflictDoNothing({
      target: [appointments.doctorId, appointments.startsAt],
      where: sql`status in ('pending', 'upcoming')`,
    })
    .returning();
  return row;
}

/** Locks the patient's row: their bookings run one at a time while it is held. */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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

export async function lockPaymentById(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
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

export async function updateAppointment(
  tx: Tx,
  id: string,
  values: Partial<typeof appointments.$inferInsert>,
  now: Date,
) {
  await tx
    .update(appointments)
    .set({ ...values, updatedAt: now })
    .where(eq(appointments.id, id));
}

export async function findAppointment(db: Tx, id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

/** The caller's payments, newest first, with the doctor's public name and specialties. */
export async function paymentHistory(db: Db, patientId: string) {
  return db
    .select({
      payment: payments,
      startsAt: appointments.startsAt,
      doctor: { firstName: users.firstName, lastName: users.lastName },
      profile: { title: doctorProfiles.title, specialties: doctorProfiles.specialties },
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .where(eq(payments.patientId, patientId))
    .orderBy(desc(payments.createdAt));
}

/** Holds whose checkout lapsed: the sweep marks them expired and their payments cancelled. */
export async function lapsedHolds(db: Db, now: Date, limit = 100) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.status, 'pending'), lt(appointments.holdExpiresAt, now)))
    .limit(limit);
}

export async function findPaymentById(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
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
