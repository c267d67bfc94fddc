import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointments, guestInvitations, payments } from '../../db/schema.ts';
import { personMatches } from '../../lib/person-match.ts';
import { doctor, fromAppointmentWithParticipants, patient } from './with-participants.ts';

// The clinic's reads of appointments (the admin console), published for modules/admin: the
// queries of the table stay with its owner (STYLE.md §9a); the admin's service maps the rows.

/** The admin sees booked appointments only: an unpaid hold that lapsed was never an appointment. */
export const CLINIC_STATUSES = ['upcoming', 'completed', 'no_show', 'cancelled'] as const;

export type ClinicAppointmentFilter = {
  status?: (typeof CLINIC_STATUSES)[number] | undefined;
  doctorId?: string | undefined;
  /** Starts at or after this instant. */
  from?: Date | undefined;
  /** Starts before this instant. */
  to?: Date | undefined;
  /** The patient's id, or part of their name or e-mail. */
  patient?: string | undefined;
  /** The doctor's id, or part of their name or e-mail. */
  doctor?: string | undefined;
};

const clinicFields = {
  appointment: appointments,
  patient,
  doctor,
  payment: payments,
  /** A guest's real address (ADR 0028): their `users` row holds a placeholder. */
  guestEmail: guestInvitations.email,
};

/** The appointment with both people, its payment and a guest's address, as the clinic reads it. */
function clinicView(db: Tx) {
  return fromAppointmentWithParticipants(db, clinicFields)
    .leftJoin(payments, eq(payments.appointmentId, appointments.id))
    .leftJoin(guestInvitations, eq(guestInvitations.appointmentId, appointments.id));
}
export type ClinicAppointmentRow = Awaited<ReturnType<typeof clinicView>>[number];

/** One page of the appointments that match, in start order, and how many match in all. */
export async function searchForClinic(
  db: Tx,
  filter: ClinicAppointmentFilter,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = and(
    inArray(appointments.status, filter.status ? [filter.status] : [...CLINIC_STATUSES]),
    filter.doctorId ? eq(appointments.doctorId, filter.doctorId) : undefined,
    filter.from ? gte(appointments.startsAt, filter.from) : undefined,
    filter.to ? lt(appointments.startsAt, filter.to) : undefined,
    filter.patient ? personMatches(patient, filter.patient) : undefined,
    filter.doctor ? personMatches(doctor, filter.doctor) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    clinicView(db)
      .where(where)
      .orderBy(page.order === 'asc' ? appointments.startsAt : desc(appointments.startsAt))
      .limit(page.limit)
      .offset(page.offset),
    fromAppointmentWithParticipants(db, { n: count() }).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One booked appointment as the clinic reads it; undefined for a hold or an unknown id. */
export async function oneForClinic(db: Tx, id: string) {
  const [row] = await clinicView(db).where(
    and(eq(appointments.id, id), inArray(appointments.status, [...CLINIC_STATUSES])),
  );
  return row;
}

/** How many upcoming appointments from `now` each of these doctors has (absent: none). */
export async function upcomingCountsByDoctor(db: Tx, doctorIds: string[], now: Date) {
  if (doctorIds.length === 0) return [];
  return db
    .select({ doctorId: appointments.doctorId, n: count() })
    .from(appointments)
    .where(
      and(
        inArray(appointments.doctorId, doctorIds),
        eq(appointments.status, 'upcoming'),
        gte(appointments.startsAt, now),
      ),
    )
    .groupBy(appointments.doctorId);
}
