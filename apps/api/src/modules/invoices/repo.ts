import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  invoices,
  localCheckoutSessions,
  onDemandRequests,
  patientProfiles,
  payments,
} from '../../db/schema.ts';
import { doctor, patient } from '../appointments/with-participants.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Takes the next number of a series. The upsert locks the counter row until the caller's
 * transaction ends: a concurrent issuer waits for it, and a rollback gives the number back, so
 * the sequence has neither duplicates nor gaps (ADR 0021).
 */
export async function takeSequence(tx: Tx, series: string): Promise<number> {
  const result = await tx.execute<{ sequence: number }>(sql`
    insert into invoice_counters (series, next) values (${series}, 2)
    on conflict (series) do update set next = invoice_counters.next + 1
    returning next - 1 as sequence`);
  return Number(result.rows[0]!.sequence);
}

export async function insertInvoice(tx: Tx, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

/** One invoice or credit note by its id (re-read to check it against its registration). */
export async function invoiceById(db: Tx, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** A payment's invoice and credit note (if any), the invoice first. */
export async function invoicesOfPayment(db: Tx, paymentId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.paymentId, paymentId))
    .orderBy(asc(invoices.sequence));
}

export async function invoiceOfPayment(db: Tx, paymentId: string, kind: InvoiceRow['kind']) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, kind)))
    .limit(1);
  return row;
}

/**
 * Everything an invoice prints about a payment, read in the issuing transaction. The doctor is
 * left joined: a "see a doctor now" visit is paid before any doctor takes it, and one refunded
 * untaken has none (ADR 0042) — its invoice names the specialty asked for instead.
 */
export async function invoiceFacts(db: Tx, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      appointment: {
        startsAt: appointments.startsAt,
        timeZone: appointments.timeZone,
        plan: appointments.plan,
        doctorId: appointments.doctorId,
        dependantId: appointments.dependantId,
      },
      patient: {
        firstName: patient.firstName,
        lastName: patient.lastName,
        locale: patient.locale,
        timeZone: patient.timeZone,
      },
      address: {
        street: patientProfiles.street,
        streetNumber: patientProfiles.streetNumber,
        postCode: patientProfiles.postCode,
        city: patientProfiles.city,
        countryCode: patientProfiles.countryCode,
      },
      doctor: { firstName: doctor.firstName, lastName: doctor.lastName },
      doctorProfile: { title: doctorProfiles.title, specialties: doctorProfiles.specialties },
      onDemandSpecialty: onDemandRequests.specialty,
      cardLast4: localCheckoutSessions.cardLast4,
    })
    .from(payments)
    // The payment's patient is the appointment's: a payment is made for one's own booking.
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(doctor, eq(doctor.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .leftJoin(onDemandRequests, eq(onDemandRequests.appointmentId, appointments.id))
    .leftJoin(patientProfiles, eq(patientProfiles.userId, payments.patientId))
    .leftJoin(
      localCheckoutSessions,
      and(eq(payments.provider, 'local'), eq(localCheckoutSessions.id, payments.providerSessionId)),
    )
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** Serialises lazy issuing for one payment (an old payment opened twice at once). */
export async function lockPayment(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update')
    .limit(1);
  return row;
}
