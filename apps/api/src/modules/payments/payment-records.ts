import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

// The payments module owns `payments`; this is what it publishes of a payment row for other
// modules: whose it is (an invoice's reader) and, locked, whether it can be refunded (the clinic).

/** The payment of an appointment (one at most: payments_appointment_key). */
export async function findPaymentOfAppointment(db: Tx, appointmentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .limit(1);
  return row;
}

export async function findPaymentById(db: Tx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** The payment, locked for a change of its status in this transaction. */
export async function lockPaymentById(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row;
}
