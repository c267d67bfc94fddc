import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, doctorProfiles, payments } from '../../db/schema.ts';
import { notOfHandedOverDependant } from '../family/dependants.ts';
import { doctor, fromAppointmentWithParticipants, patient } from './with-participants.ts';

export type VisibleStatus = 'upcoming' | 'completed' | 'no_show' | 'cancelled';

/**
 * The doctor's appointments, and the patient's own — but not those of a person in their account
 * who took their record to an account of their own (ADR 0043).
 */
const isParticipant = (userId: string) =>
  or(
    and(eq(appointments.patientId, userId), notOfHandedOverDependant(appointments.dependantId)),
    eq(appointments.doctorId, userId),
  );

/**
 * Appointments the user takes part in, as patient or as doctor, with the doctor's public
 * details, ordered by start. Payment holds (`pending`) and lapsed holds (`expired`) are not
 * appointments yet.
 */
export async function listForParticipant(
  db: Db,
  userId: string,
  statuses: VisibleStatus[],
  options: {
    appointmentId?: string;
    order?: 'asc' | 'desc';
    limit?: number;
    offset?: number;
  } = {},
) {
  const query = fromAppointmentWithParticipants(db, {
    appointment: appointments,
    doctor: {
      id: doctor.id,
      firstName: doctor.firstName,
      lastName: doctor.lastName,
      email: doctor.email,
    },
    profile: { title: doctorProfiles.title, specialties: doctorProfiles.specialties },
    patient: {
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      userType: patient.userType,
    },
  })
    .where(
      and(
        isParticipant(userId),
        inArray(appointments.status, statuses),
        options.appointmentId ? eq(appointments.id, options.appointmentId) : undefined,
      ),
    )
    .orderBy(
      options.order === 'desc' ? desc(appointments.startsAt) : asc(appointments.startsAt),
      asc(appointments.id),
    )
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

/** How many of the user's appointments have each visible status. */
export async function countByStatus(db: Db, userId: string) {
  const rows = await db
    .select({ status: appointments.status, n: count() })
    .from(appointments)
    .where(
      and(
        isParticipant(userId),
        inArray(appointments.status, ['upcoming', 'completed', 'no_show', 'cancelled']),
      ),
    )
    .groupBy(appointments.status);
  const counts = { upcoming: 0, completed: 0, no_show: 0, cancelled: 0 };
  for (const row of rows) counts[row.status as VisibleStatus] = row.n;
  return counts;
}

/** Any change of an appointment this module's service makes (cancel, move, reassign). */
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

export async function findPaymentOf(tx: Tx, appointmentId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .limit(1);
  return row;
}

/**
 * Upcoming appointments whose window closed before `endedBefore` become completed. A
 * prescription request is completed by its answer, never by time (ADR 0039); a visit with the
 * first free doctor only once a doctor took it (an untaken one is refunded, ADR 0042).
 */
export async function completeEnded(db: Db, endedBefore: Date, now: Date) {
  return db
    .update(appointments)
    .set({ status: 'completed', updatedAt: now })
    .where(
      and(
        eq(appointments.status, 'upcoming'),
        ne(appointments.plan, 'prescription'),
        isNotNull(appointments.doctorId),
        lt(appointments.startsAt, endedBefore),
      ),
    )
    .returning({ id: appointments.id });
}

/** Paid prescription requests still unanswered at their deadline (the row's end). */
export async function overdueRequests(db: Db, now: Date, limit = 100) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'upcoming'),
        eq(appointments.plan, 'prescription'),
        lt(appointments.endsAt, now),
      ),
    )
    .limit(limit);
}
