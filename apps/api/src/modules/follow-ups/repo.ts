import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, doctorProfiles, followUpProposals, users } from '../../db/schema.ts';

// The follow-ups module owns `follow_up_proposals` (ADR 0035): every read and write of it is here.

export type ProposalRow = typeof followUpProposals.$inferSelect;

const doctor = alias(users, 'doctor');
const patient = alias(users, 'patient');
/** The appointment the acceptance took, for the proposal's state (paid, paying, left). */
const taken = alias(appointments, 'taken');

/**
 * Proposals with the people in them and the appointment an acceptance took: what every read
 * shows. `where` narrows it; newest first.
 */
function withPeople(db: Tx) {
  return db
    .select({
      proposal: followUpProposals,
      doctor: { id: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName },
      title: doctorProfiles.title,
      // The doctor's calendar: the proposal's days and times are in it.
      timeZone: doctorProfiles.timeZone,
      patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName },
      taken: { status: taken.status, holdExpiresAt: taken.holdExpiresAt },
    })
    .from(followUpProposals)
    .innerJoin(doctor, eq(doctor.id, followUpProposals.doctorId))
    .innerJoin(patient, eq(patient.id, followUpProposals.patientId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, followUpProposals.doctorId))
    .leftJoin(taken, eq(taken.id, followUpProposals.acceptedAppointmentId))
    .$dynamic();
}

export async function findProposal(db: Tx, id: string) {
  const [row] = await withPeople(db).where(eq(followUpProposals.id, id)).limit(1);
  return row;
}
export type ProposalWithPeople = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

/** The proposals of one consultation, newest first. */
export async function proposalsOfAppointment(db: Tx, appointmentId: string) {
  return withPeople(db)
    .where(eq(followUpProposals.appointmentId, appointmentId))
    .orderBy(desc(followUpProposals.createdAt));
}

/** A patient's or a doctor's proposals in the given stored statuses, newest first. */
export async function proposalsOf(
  db: Db,
  who: { patientId: string } | { doctorId: string },
  statuses: ProposalRow['status'][],
) {
  return withPeople(db)
    .where(
      and(
        'patientId' in who
          ? eq(followUpProposals.patientId, who.patientId)
          : eq(followUpProposals.doctorId, who.doctorId),
        inArray(followUpProposals.status, statuses),
      ),
    )
    .orderBy(desc(followUpProposals.createdAt));
}

/** The proposal, locked for an acceptance or a withdrawal in this transaction. */
export async function lockProposal(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(followUpProposals)
    .where(eq(followUpProposals.id, id))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The consultation's proposals still marked open, locked: one open proposal per consultation is
 * decided under this lock (a second tab proposing at once waits, then sees the first).
 */
export async function lockOpenProposalsOf(tx: Tx, appointmentId: string) {
  return tx
    .select()
    .from(followUpProposals)
    .where(
      and(eq(followUpProposals.appointmentId, appointmentId), eq(followUpProposals.status, 'open')),
    )
    .for('update');
}

export async function insertProposal(tx: Tx, values: typeof followUpProposals.$inferInsert) {
  const [row] = await tx.insert(followUpProposals).values(values).returning();
  return row!;
}

export async function updateProposal(
  tx: Tx,
  id: string,
  values: Partial<Pick<ProposalRow, 'status' | 'acceptedAppointmentId' | 'noteEncrypted'>>,
  now: Date,
) {
  await tx
    .update(followUpProposals)
    .set({ ...values, updatedAt: now })
    .where(eq(followUpProposals.id, id));
}

/** Every proposal made for a patient, oldest first (their data export). */
export async function allOfPatient(db: Db, patientId: string) {
  return withPeople(db)
    .where(eq(followUpProposals.patientId, patientId))
    .orderBy(followUpProposals.createdAt);
}
