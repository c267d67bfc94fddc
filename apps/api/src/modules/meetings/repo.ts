import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import type { Db } from '../../db/client.ts';
import { appointments, consents, doctorProfiles, sessions, users } from '../../db/schema.ts';
import {
  doctor,
  fromAppointmentWithParticipants,
  patient,
} from '../appointments/with-participants.ts';

/** What a meeting needs of its appointment: who takes part, when, and the doctor's name. */
export async function findMeeting(db: Db, appointmentId: string) {
  const [row] = await fromAppointmentWithParticipants(db, {
    id: appointments.id,
    patientId: appointments.patientId,
    doctorId: appointments.doctorId,
    startsAt: appointments.startsAt,
    plan: appointments.plan,
    status: appointments.status,
    doctorFirstName: doctor.firstName,
    doctorLastName: doctor.lastName,
    doctorTitle: doctorProfiles.title,
    // A guest (no account, issue #12) is shown by the name the doctor gave; a patient by id.
    patientType: patient.userType,
    patientFirstName: patient.firstName,
    patientLastName: patient.lastName,
  })
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

/** Whether the user has consented to the version of the video consent in force. */
export async function hasVideoConsent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.document, 'video'),
        eq(consents.version, VIDEO_CONSENT_VERSION),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Which of these sign-in sessions are live: neither ended (sign-out, deletion) nor expired. */
export async function liveSessions(db: Db, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
