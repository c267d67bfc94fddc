import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, users } from '../../db/schema.ts';

/** What a meeting needs of its appointment: who takes part, when, and the doctor's name. */
export async function findMeeting(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      startsAt: appointments.startsAt,
      plan: appointments.plan,
      status: appointments.status,
      doctorFirstName: users.firstName,
      doctorLastName: users.lastName,
      doctorTitle: doctorProfiles.title,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}
export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findMeeting>>>;

export async function findUserLocale(db: Db, userId: string) {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.locale;
}
