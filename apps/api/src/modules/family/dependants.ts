import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TreatedDependant } from '@vizita/shared/contracts/appointments';
import { guardianship, type DependantRelationship } from '@vizita/shared/domain/guardianship';
import type { Tx } from '../../db/client.ts';
import { appointments, dependants } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { openRecord, type DependantRecord } from './dependant-record.ts';

// What the family module publishes for the others (modules/README.md): the booking's check of
// "for whom", the names and ages the doctor's and the clinic's screens show, the record the
// doctor reads (ADR 0016), and the export's and the erasure's view of a holder's dependants.

export type { DependantRecord };

/**
 * The dependant a holder books for, if the age policy lets them (domain/guardianship.ts): 404
 * for someone else's or an unknown id, 409 once the person came of age or has their own account.
 */
export async function bookableDependant(db: Tx, holderUserId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(dependants)
    .where(and(eq(dependants.id, id), eq(dependants.holderUserId, holderUserId)))
    .limit(1);
  if (!row) throw new ApiError(404, 'dependantNotFound');
  const g = guardianship(
    {
      relationship: row.relationship,
      birthDate: row.birthDate,
      country: row.countryCode,
      handedOverAt: row.handedOverAt,
    },
    now,
  );
  if (!g.holderMayBook) throw new ApiError(409, 'dependantNotBookable');
  return row;
}

/**
 * Whether an account holder still holds a visit's record: their own visit, or one of a person in
 * their account who has not taken their record to an account of their own (ADR 0043).
 */
export async function holderStillHolds(db: Tx, dependantId: string | null) {
  if (!dependantId) return true;
  const [row] = await db
    .select({ handedOverAt: dependants.handedOverAt })
    .from(dependants)
    .where(eq(dependants.id, dependantId))
    .limit(1);
  return !row?.handedOverAt;
}

/** Who a visit is for, as staff screens name the person: their name, relationship and age. */
export type TreatedPerson = {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  relationship: DependantRelationship;
  age: number;
};

/** What a doctor reads of whom they treat: "child, 7, with guardian Maria Ivanova". */
export const treatedDependant = (
  person: TreatedPerson,
  guardianName: string,
): TreatedDependant => ({
  relationship: person.relationship,
  age: person.age,
  guardianName,
});

/** The dependants of these ids with their age at `now` (in their market's zone), by id. */
export async function treatedPersons(db: Tx, ids: (string | null)[], now: Date) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const byId = new Map<string, TreatedPerson>();
  if (wanted.length === 0) return byId;
  const rows = await db.select().from(dependants).where(inArray(dependants.id, wanted));
  for (const row of rows)
    byId.set(row.id, {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthDate: row.birthDate,
      relationship: row.relationship,
      age: guardianship(
        {
          relationship: row.relationship,
          birthDate: row.birthDate,
          country: row.countryCode,
          handedOverAt: row.handedOverAt,
        },
        now,
      ).age,
    });
  return byId;
}

/** The names of these dependants, by id (who saw whose record, ADR 0025). */
export async function dependantNames(db: Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: dependants.id, firstName: dependants.firstName, lastName: dependants.lastName })
    .from(dependants)
    .where(inArray(dependants.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** One dependant's whole record in clear (the doctor's chart, ADR 0016); undefined if gone. */
export async function dependantRecord(db: Tx, encryption: FieldEncryption, id: string) {
  const [row] = await db.select().from(dependants).where(eq(dependants.id, id)).limit(1);
  return row ? openRecord(encryption, row) : undefined;
}

/** Every dependant of a holder in clear, handed over or not (the data export, ADR 0025). */
export async function dependantsForExport(
  db: Tx,
  encryption: FieldEncryption,
  holderUserId: string,
): Promise<(DependantRecord & { createdAt: Date })[]> {
  const rows = await db
    .select()
    .from(dependants)
    .where(eq(dependants.holderUserId, holderUserId))
    .orderBy(dependants.createdAt);
  return rows.map((row) => ({ ...openRecord(encryption, row), createdAt: row.createdAt }));
}

/**
 * A condition on what is about an appointment (a document, a thread: its `appointment_id`, null
 * for none): not a visit of a dependant handed over to an account of their own (ADR 0043).
 */
export const notAboutHandedOverVisit = (appointmentId: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${appointments} inner join ${dependants} on ${dependants.id} = ${appointments.dependantId} where ${appointments.id} = ${appointmentId} and ${isNotNull(dependants.handedOverAt)})`;

/**
 * A condition on an appointment's `dependant_id`: not a dependant handed over to an account of
 * their own — the holder no longer reads those visits (ADR 0043).
 */
export const notOfHandedOverDependant = (dependantId: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${dependants} where ${dependants.id} = ${dependantId} and ${isNotNull(dependants.handedOverAt)})`;
