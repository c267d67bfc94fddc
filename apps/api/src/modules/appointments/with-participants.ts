import { eq } from 'drizzle-orm';
import { alias, type PgSelectBase, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { appointments, doctorProfiles, users } from '../../db/schema.ts';

/** The appointment's patient: `users` joined under a name of its own, as is the doctor. */
export const patient = alias(users, 'patient');
/** The appointment's doctor (their public details are in `doctorProfiles`, joined beside). */
export const doctor = alias(users, 'doctor');

/** Which joined tables may come back empty: only the doctor's profile. */
type Joined = {
  appointments: 'not-null';
  patient: 'not-null';
  doctor: 'not-null';
  doctor_profiles: 'nullable';
};

/**
 * The one read of an appointment with the people in it (STYLE.md §9a, Cal.com's
 * BookingRepository): the appointment, its patient and its doctor, and the doctor's profile
 * (left joined: null when a doctor has none). Each caller picks its fields from `appointments`,
 * `patient`, `doctor` and `doctorProfiles` and adds its own joins, conditions and order.
 */
export function fromAppointmentWithParticipants<Fields extends SelectedFields>(
  db: Tx,
  fields: Fields,
): PgSelectBase<'appointments', Fields, 'partial', Joined> {
  const query = db
    .select(fields as SelectedFields)
    .from(appointments)
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .innerJoin(doctor, eq(doctor.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId));
  // drizzle types a join only for fields it knows, not for a type parameter: this is the type
  // it gives any concrete `fields` (the result nullable where the profile's join is).
  return query as unknown as PgSelectBase<'appointments', Fields, 'partial', Joined>;
}
