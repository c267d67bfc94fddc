import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  doctorProfiles,
  users,
  waitlistEntries,
  waitlistOffers,
} from '../../db/schema.ts';

// The waitlist's own SQL (ADR 0035: it owns waitlist_entries and waitlist_offers). Reads of the
// appointment an alert would move, and of the doctor's name, join the owners' tables read-only.

export type EntryRow = typeof waitlistEntries.$inferSelect;

const doctor = alias(users, 'doctor');
const entryAppointment = alias(appointments, 'entry_appointment');

/** An alert with its doctor's public details and the appointment it would move. */
const entryColumns = {
  entry: waitlistEntries,
  doctor: { id: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName },
  profile: {
    title: doctorProfiles.title,
    specialties: doctorProfiles.specialties,
    timeZone: doctorProfiles.timeZone,
  },
  appointment: {
    id: entryAppointment.id,
    status: entryAppointment.status,
    startsAt: entryAppointment.startsAt,
    doctorId: entryAppointment.doctorId,
  },
};

function selectEntries(db: Tx) {
  return db
    .select(entryColumns)
    .from(waitlistEntries)
    .leftJoin(entryAppointment, eq(entryAppointment.id, waitlistEntries.appointmentId))
    .leftJoin(
      doctor,
      eq(doctor.id, sql`coalesce(${entryAppointment.doctorId}, ${waitlistEntries.doctorId})`),
    )
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, doctor.id));
}
export type EntryWithDetails = Awaited<ReturnType<typeof listOf>>[number];

/** Locks the patient's account row: their alerts are counted and added one request at a time. */
export async function lockPatient(tx: Tx, patientId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
}

/** The patient's alerts that are still waiting, as of `now`. */
export async function countWaiting(tx: Tx, patientId: string, now: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.patientId, patientId),
        eq(waitlistEntries.status, 'waiting'),
        gt(waitlistEntries.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** A waiting alert of the patient for the same appointment, doctor or specialty. */
export async function findWaitingFor(
  tx: Tx,
  patientId: string,
  target: { appointmentId: string } | { doctorId: string } | { specialty: string },
  now: Date,
) {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.patientId, patientId),
        eq(waitlistEntries.status, 'waiting'),
        gt(waitlistEntries.expiresAt, now),
        'appointmentId' in target
          ? eq(waitlistEntries.appointmentId, target.appointmentId)
          : 'doctorId' in target
            ? and(
                isNull(waitlistEntries.appointmentId),
                eq(waitlistEntries.doctorId, target.doctorId),
              )
            : and(
                isNull(waitlistEntries.appointmentId),
                eq(waitlistEntries.specialty, target.specialty),
              ),
      ),
    )
    .limit(1);
  return row;
}

export async function insertEntry(tx: Tx, values: typeof waitlistEntries.$inferInsert) {
  const [row] = await tx.insert(waitlistEntries).values(values).returning();
  return row!;
}

/** The patient's alerts: waiting ones first, then the newest. */
export async function listOf(db: Tx, patientId: string, limit = 50) {
  return selectEntries(db)
    .where(eq(waitlistEntries.patientId, patientId))
    .orderBy(
      sql`case when ${waitlistEntries.status} = 'waiting' then 0 else 1 end`,
      desc(waitlistEntries.createdAt),
      asc(waitlistEntries.id),
    )
    .limit(limit);
}

/** One alert of the patient's; undefined for anyone else's. */
export async function findEntryOf(db: Tx, patientId: string, id: string) {
  const [row] = await selectEntries(db)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.patientId, patientId)))
    .limit(1);
  return row;
}

/** The alert, locked while an offer of it is taken. */
export async function lockEntry(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function setEntryStatus(tx: Tx, id: string, status: EntryRow['status']) {
  await tx.update(waitlistEntries).set({ status }).where(eq(waitlistEntries.id, id));
}

/**
 * Waiting alerts whose time has passed, or whose appointment is no longer upcoming (cancelled,
 * completed), become expired. One statement, safe on every instance at once.
 */
export async function expireEnded(db: Db, now: Date) {
  const ended = await db
    .update(waitlistEntries)
    .set({ status: 'expired' })
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        or(
          lte(waitlistEntries.expiresAt, now),
          and(
            isNotNull(waitlistEntries.appointmentId),
            sql`not exists (select 1 from ${appointments} where ${appointments.id} = ${waitlistEntries.appointmentId} and ${appointments.status} = 'upcoming')`,
          ),
        ),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return ended.length;
}

/**
 * The waiting alerts a freed time of the doctor may be offered to, oldest first: for this doctor
 * (by name, or the appointment to move is theirs) or, without a doctor, for one of their
 * specialties; not yet offered this very time; and whose patient does not already hold an
 * appointment (or a live checkout hold) overlapping it. The caller applies the rules of
 * domain/waitlist.ts and takes one alert per patient.
 */
export async function candidatesFor(
  tx: Tx,
  {
    doctorId,
    specialties,
    startsAt,
    endsAt,
    now,
    excludeEntryIds,
    limit,
  }: {
    doctorId: string;
    specialties: string[];
    startsAt: Date;
    endsAt: Date;
    now: Date;
    excludeEntryIds: string[];
    limit: number;
  },
) {
  const specialtyMatch =
    specialties.length > 0
      ? and(
          isNull(waitlistEntries.appointmentId),
          isNull(waitlistEntries.doctorId),
          inArray(waitlistEntries.specialty, specialties),
        )
      : undefined;
  return tx
    .select({
      id: waitlistEntries.id,
      patientId: waitlistEntries.patientId,
      appointmentId: waitlistEntries.appointmentId,
      appointmentStartsAt: entryAppointment.startsAt,
    })
    .from(waitlistEntries)
    .leftJoin(entryAppointment, eq(entryAppointment.id, waitlistEntries.appointmentId))
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        gt(waitlistEntries.expiresAt, now),
        or(
          and(
            isNotNull(waitlistEntries.appointmentId),
            eq(entryAppointment.doctorId, doctorId),
            eq(entryAppointment.status, 'upcoming'),
          ),
          and(isNull(waitlistEntries.appointmentId), eq(waitlistEntries.doctorId, doctorId)),
          specialtyMatch,
        ),
        excludeEntryIds.length > 0
          ? sql`${waitlistEntries.id} not in (${sql.join(
              excludeEntryIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
        sql`not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id} and ${waitlistOffers.doctorId} = ${doctorId} and ${waitlistOffers.startsAt} = ${startsAt})`,
        sql`not exists (select 1 from ${appointments} where ${appointments.patientId} = ${waitlistEntries.patientId}
          and ${appointments.startsAt} < ${endsAt} and ${appointments.endsAt} > ${startsAt}
          and (${appointments.status} = 'upcoming'
            or (${appointments.status} = 'pending' and (${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > ${now}))))`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(limit);
}

/** An offer of a time to an alert; undefined when that alert was offered that time before. */
export async function insertOffer(tx: Tx, values: typeof waitlistOffers.$inferInsert) {
  const [row] = await tx
    .insert(waitlistOffers)
    .values(values)
    .onConflictDoNothing({
      target: [waitlistOffers.entryId, waitlistOffers.doctorId, waitlistOffers.startsAt],
    })
    .returning({ id: waitlistOffers.id });
  return row;
}

/** How many alerts were offered the doctor's time at `startsAt` since it was freed at `since`. */
export async function countOffersSince(tx: Tx, doctorId: string, startsAt: Date, since: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.doctorId, doctorId),
        eq(waitlistOffers.startsAt, startsAt),
        gte(waitlistOffers.offeredAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** One offer to the patient, with its alert, the doctor and the appointment it would move. */
export async function findOfferOf(db: Tx, patientId: string, offerId: string) {
  const offerDoctor = alias(users, 'offer_doctor');
  const offerProfile = alias(doctorProfiles, 'offer_profile');
  const [row] = await db
    .select({
      offer: waitlistOffers,
      entry: waitlistEntries,
      doctor: {
        id: offerDoctor.id,
        firstName: offerDoctor.firstName,
        lastName: offerDoctor.lastName,
      },
      profile: {
        title: offerProfile.title,
        specialties: offerProfile.specialties,
        timeZone: offerProfile.timeZone,
        feeMinor: offerProfile.feeMinor,
      },
      appointment: {
        id: entryAppointment.id,
        status: entryAppointment.status,
        startsAt: entryAppointment.startsAt,
        doctorId: entryAppointment.doctorId,
      },
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(offerDoctor, eq(offerDoctor.id, waitlistOffers.doctorId))
    .innerJoin(offerProfile, eq(offerProfile.userId, waitlistOffers.doctorId))
    .leftJoin(entryAppointment, eq(entryAppointment.id, waitlistEntries.appointmentId))
    .where(and(eq(waitlistOffers.id, offerId), eq(waitlistEntries.patientId, patientId)))
    .limit(1);
  return row;
}
export type OfferWithDetails = NonNullable<Awaited<ReturnType<typeof findOfferOf>>>;

/** The offer is taken: its alert is fulfilled. */
export async function markTaken(tx: Tx, offerId: string, entryId: string, now: Date) {
  await tx.update(waitlistOffers).set({ takenAt: now }).where(eq(waitlistOffers.id, offerId));
  await tx
    .update(waitlistEntries)
    .set({ status: 'fulfilled' })
    .where(eq(waitlistEntries.id, entryId));
}

/** Every alert of a patient with its offers, for the data export. */
export async function entriesWithOffersOf(db: Tx, patientId: string) {
  const entries = await listOf(db, patientId, 1000);
  const offers =
    entries.length === 0
      ? []
      : await db
          .select()
          .from(waitlistOffers)
          .where(
            inArray(
              waitlistOffers.entryId,
              entries.map((e) => e.entry.id),
            ),
          )
          .orderBy(asc(waitlistOffers.offeredAt));
  return { entries, offers };
}
