import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  doctorOnCall,
  doctorProfiles,
  onDemandRequests,
  users,
} from '../../db/schema.ts';

// The queue of "see a doctor now" and who is available for it (ADR 0042): this module's own
// tables. The visits themselves are appointments, moved through appointments/on-demand-visits.ts.

export type OnDemandRequestRow = typeof onDemandRequests.$inferSelect;

export async function insertRequest(tx: Tx, values: typeof onDemandRequests.$inferInsert) {
  await tx.insert(onDemandRequests).values(values);
}

/** The request with its appointment, for its patient's page. */
export async function findRequest(db: Db | Tx, appointmentId: string) {
  const [row] = await db
    .select({ request: onDemandRequests, appointment: appointments })
    .from(onDemandRequests)
    .innerJoin(appointments, eq(appointments.id, onDemandRequests.appointmentId))
    .where(eq(onDemandRequests.appointmentId, appointmentId))
    .limit(1);
  return row;
}

/** Locks the request: its end and its taking run one at a time. */
export async function lockRequest(tx: Tx, appointmentId: string) {
  const [row] = await tx
    .select()
    .from(onDemandRequests)
    .where(eq(onDemandRequests.appointmentId, appointmentId))
    .for('update')
    .limit(1);
  return row;
}

/** Locks the patient's row: her entries into the queue run one at a time while it is held. */
export async function lockPatient(tx: Tx, patientId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
}

/** Locks the doctor's on-call row: her takes run one at a time. Answers until when, if on call. */
export async function lockOnCall(tx: Tx, doctorId: string) {
  const [row] = await tx
    .select({ until: doctorOnCall.until })
    .from(doctorOnCall)
    .where(eq(doctorOnCall.doctorId, doctorId))
    .for('update')
    .limit(1);
  return row?.until;
}

/** Paid: in the queue from now until `givesUpAt`. */
export async function markQueued(tx: Tx, appointmentId: string, now: Date, givesUpAt: Date) {
  await tx
    .update(onDemandRequests)
    .set({ queuedAt: now, givesUpAt })
    .where(
      and(eq(onDemandRequests.appointmentId, appointmentId), isNull(onDemandRequests.queuedAt)),
    );
}

export async function markEnded(
  tx: Tx,
  appointmentId: string,
  endReason: NonNullable<OnDemandRequestRow['endReason']>,
  now: Date,
) {
  await tx
    .update(onDemandRequests)
    .set({ endedAt: now, endReason, ...(endReason === 'taken' ? { takenAt: now } : {}) })
    .where(
      and(eq(onDemandRequests.appointmentId, appointmentId), isNull(onDemandRequests.endedAt)),
    );
}

/** The patient's entry still open (paying or waiting), if any: one at a time. */
export async function openRequestOf(tx: Tx, patientId: string, now: Date) {
  const [row] = await tx
    .select({ id: onDemandRequests.appointmentId })
    .from(onDemandRequests)
    .innerJoin(appointments, eq(appointments.id, onDemandRequests.appointmentId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        isNull(onDemandRequests.endedAt),
        // An unpaid checkout keeps her out of a second one only while it can still be paid.
        sql`(${appointments.status} = 'upcoming' or (${appointments.status} = 'pending' and ${appointments.holdExpiresAt} > ${now}))`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** How the waiting are matched to a doctor: her specialty is asked for, her language spoken. */
const matches = (specialties: string[], languages: string[]) =>
  and(
    inArray(onDemandRequests.specialty, specialties),
    inArray(onDemandRequests.language, languages),
  );

const waiting = and(isNotNull(onDemandRequests.queuedAt), isNull(onDemandRequests.endedAt));

/**
 * The next patient a doctor could take, locked — skipping any another doctor is taking at this
 * moment, so two doctors taking at once take two patients, never the same one.
 */
export async function lockNextFor(tx: Tx, specialties: string[], languages: string[]) {
  const [row] = await tx
    .select({ appointmentId: onDemandRequests.appointmentId })
    .from(onDemandRequests)
    .where(and(waiting, matches(specialties, languages)))
    .orderBy(asc(onDemandRequests.queuedAt))
    .for('update', { skipLocked: true })
    .limit(1);
  return row?.appointmentId;
}

/** How many wait whom a doctor could take. */
export async function countWaitingFor(db: Db, specialties: string[], languages: string[]) {
  const [row] = await db
    .select({ n: count() })
    .from(onDemandRequests)
    .where(and(waiting, matches(specialties, languages)));
  return row?.n ?? 0;
}

/** Her place: 1 + those of the same specialty and language who were queued before her. */
export async function positionOf(db: Db, request: OnDemandRequestRow) {
  const [row] = await db
    .select({ n: count() })
    .from(onDemandRequests)
    .where(
      and(
        waiting,
        eq(onDemandRequests.specialty, request.specialty),
        eq(onDemandRequests.language, request.language),
        lt(onDemandRequests.queuedAt, request.queuedAt ?? new Date(0)),
      ),
    );
  return (row?.n ?? 0) + 1;
}

/** Waiting entries whose time ran out: refunded by the sweep. */
export async function timedOut(db: Db, now: Date, limit = 100) {
  return db
    .select({ appointmentId: onDemandRequests.appointmentId })
    .from(onDemandRequests)
    .where(and(waiting, lt(onDemandRequests.givesUpAt, now)))
    .limit(limit);
}

export async function setOnCall(tx: Tx, doctorId: string, until: Date, setBy: string, now: Date) {
  await tx
    .insert(doctorOnCall)
    .values({ doctorId, until, setBy, updatedAt: now })
    .onConflictDoUpdate({ target: doctorOnCall.doctorId, set: { until, setBy, updatedAt: now } });
}

export async function clearOnCall(tx: Tx, doctorId: string) {
  await tx.delete(doctorOnCall).where(eq(doctorOnCall.doctorId, doctorId));
}

export async function onCallUntil(db: Db | Tx, doctorId: string, now: Date) {
  const [row] = await db
    .select({ until: doctorOnCall.until })
    .from(doctorOnCall)
    .where(and(eq(doctorOnCall.doctorId, doctorId), gt(doctorOnCall.until, now)))
    .limit(1);
  return row?.until ?? null;
}

/**
 * The doctors available now, active, with what they do, and whether each is in a call now (a
 * booked or taken visit that runs at this instant).
 */
export async function doctorsOnCall(db: Db, now: Date) {
  return db
    .select({
      doctorId: doctorOnCall.doctorId,
      specialties: doctorProfiles.specialties,
      languages: doctorProfiles.languages,
      inCall: sql<boolean>`exists (
        select 1 from ${appointments}
        where ${appointments.doctorId} = ${doctorOnCall.doctorId}
          and ${appointments.status} = 'upcoming'
          and ${appointments.plan} <> 'prescription'
          and ${appointments.startsAt} <= ${now} and ${appointments.endsAt} > ${now})`,
    })
    .from(doctorOnCall)
    .innerJoin(users, eq(users.id, doctorOnCall.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, doctorOnCall.doctorId))
    .where(and(gt(doctorOnCall.until, now), isNull(users.deactivatedAt)));
}
