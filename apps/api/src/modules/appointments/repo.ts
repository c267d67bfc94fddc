import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, users } from '../../db/schema.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type VisibleStatus = 'upcoming' | 'completed' | 'cancelled';

/**
 * Appointments the user takes part in, as patient or as doctor, with the doctor's public
 * details. Payment holds (`pending`) and lapsed holds (`expired`) are not appointments yet.
 */
export async function listForParticipant(
  db: Db,
  userId: string,
  statuses: VisibleStatus[],
  appointmentId?: string,
) {
  return db
    .select({
      appointment: appointments,
      doctor: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
      profile: { title: doctorProfiles.title, specialties: doctorProfiles.specialties },
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .where(
      and(
        or(eq(appointments.patientId, userId), eq(appointments.doctorId, userId)),
        inArray(appointments.status, statuses),
        appointmentId ? eq(appointments.id, appointmentId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt));
}
