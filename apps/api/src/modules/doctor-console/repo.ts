import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, consultationNotes, users } from '../../db/schema.ts';
import { fromAppointmentWithParticipants, patient } from '../appointments/with-participants.ts';

const authors = alias(users, 'authors');

const VISIBLE = ['upcoming', 'completed', 'no_show', 'cancelled'] as const;

const entry = {
  appointment: appointments,
  patient: {
    id: patient.id,
    firstName: patient.firstName,
    lastName: patient.lastName,
    userType: patient.userType,
  },
  hasNotes: sql<boolean>`exists (select 1 from ${consultationNotes} where ${consultationNotes.appointmentId} = ${appointments.id})`,
};
export type EntryRow = {
  appointment: typeof appointments.$inferSelect;
  patient: { id: string; firstName: string; lastName: string; userType: string };
  hasNotes: boolean;
};

/** The doctor's own appointments starting in [from, to), payment holds left out. */
export function scheduleOf(db: Tx, doctorId: string, from: Date, to: Date): Promise<EntryRow[]> {
  return fromAppointmentWithParticipants(db, entry)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        // A prescription request holds no time: it waits in its own queue (ADR 0039).
        ne(appointments.plan, 'prescription'),
        inArray(appointments.status, [...VISIBLE]),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/** One of the doctor's own appointments (never a hold); undefined for any other. */
export async function entryOf(db: Tx, doctorId: string, id: string) {
  const [row] = await fromAppointmentWithParticipants(db, entry).where(
    and(
      eq(appointments.id, id),
      eq(appointments.doctorId, doctorId),
      inArray(appointments.status, [...VISIBLE]),
    ),
  );
  return row;
}

export function notesOf(db: Tx, appointmentId: string) {
  return db
    .select({
      notes: consultationNotes,
      author: { firstName: authors.firstName, lastName: authors.lastName },
    })
    .from(consultationNotes)
    .leftJoin(authors, eq(authors.id, consultationNotes.authorId))
    .where(eq(consultationNotes.appointmentId, appointmentId))
    .orderBy(desc(consultationNotes.version));
}

export async function insertNotes(db: Tx, values: typeof consultationNotes.$inferInsert) {
  await db.insert(consultationNotes).values(values);
}

/** One notes version by its id (a visit summary's registration names it), with its appointment. */
export async function notesById(db: Tx, id: string) {
  const [row] = await db.select().from(consultationNotes).where(eq(consultationNotes.id, id));
  return row;
}

/** The newest notes version of each appointment, if it has a summary, still encrypted. */
export async function latestSummaries(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0)
    return new Map<
      string,
      { id: string; version: number; summaryEncrypted: string; createdAt: Date }
    >();
  const rows = await db
    .selectDistinctOn([consultationNotes.appointmentId], {
      appointmentId: consultationNotes.appointmentId,
      id: consultationNotes.id,
      version: consultationNotes.version,
      summaryEncrypted: consultationNotes.summaryEncrypted,
      createdAt: consultationNotes.createdAt,
    })
    .from(consultationNotes)
    .where(inArray(consultationNotes.appointmentId, appointmentIds))
    .orderBy(consultationNotes.appointmentId, desc(consultationNotes.version));
  return new Map(
    rows.flatMap((r) =>
      r.summaryEncrypted
        ? [
            [
              r.appointmentId,
              {
                id: r.id,
                version: r.version,
                summaryEncrypted: r.summaryEncrypted,
                createdAt: r.createdAt,
              },
            ] as const,
          ]
        : [],
    ),
  );
}
