import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { notOfHandedOverDependant } from '../family/dependants.ts';
import {
  appointmentDocuments,
  appointments,
  auditLog,
  invoices,
  payments,
  sessions,
  trustedDevices,
  users,
} from '../../db/schema.ts';

const doctors = alias(users, 'doctors');
const actors = alias(users, 'actors');

/**
 * Every appointment and payment hold of a patient, with the doctor's name, oldest first — and a
 * "see a doctor now" visit no doctor took (ADR 0042), without one.
 */
export function appointmentsOf(db: Tx, patientId: string) {
  return (
    db
      .select({
        appointment: appointments,
        doctor: { firstName: doctors.firstName, lastName: doctors.lastName },
      })
      .from(appointments)
      .leftJoin(doctors, eq(doctors.id, appointments.doctorId))
      // A person who took their record to their own account took these visits with it (ADR 0043).
      .where(
        and(
          eq(appointments.patientId, patientId),
          notOfHandedOverDependant(appointments.dependantId),
        ),
      )
      .orderBy(asc(appointments.startsAt))
  );
}

/** The documents doctors gave the patient, every version, with the (encrypted) file. */
export function documentsOf(db: Tx, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(appointmentDocuments)
    .where(inArray(appointmentDocuments.appointmentId, appointmentIds))
    .orderBy(asc(appointmentDocuments.createdAt));
}

export function paymentsOf(db: Tx, patientId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.patientId, patientId))
    .orderBy(asc(payments.createdAt));
}

export function invoicesOf(db: Tx, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.paymentId, paymentIds))
    .orderBy(asc(invoices.issuedAt));
}

export function sessionsOf(db: Tx, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}

export async function rememberedDevices(db: Tx, userId: string) {
  return (
    await db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId))
  ).length;
}

/**
 * What others did with the patient's record (a doctor read the profile, downloaded a document,
 * an admin moved an appointment): audit entries about them by someone else, newest first.
 */
export function accessToRecordOf(db: Tx, patientId: string) {
  return db
    .select({
      at: auditLog.createdAt,
      event: auditLog.event,
      // A read of a dependant's record names them (issue #22).
      dependantId: sql<string | null>`${auditLog.meta}->>'dependantId'`,
      actor: {
        id: actors.id,
        firstName: actors.firstName,
        lastName: actors.lastName,
        userType: actors.userType,
        isAdmin: actors.isAdmin,
      },
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.subjectUserId, patientId),
        or(isNull(auditLog.userId), ne(auditLog.userId, patientId)),
      ),
    )
    .orderBy(desc(auditLog.createdAt));
}

/** The patient's own account events (sign-ins, changes), newest first. */
export function activityOf(db: Tx, userId: string) {
  return db
    .select({ at: auditLog.createdAt, event: auditLog.event, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt));
}
