import { eq } from 'drizzle-orm';
import type { NotificationKind } from '@vizita/shared/domain/notification-kinds';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, doctorProfiles } from '../../db/schema.ts';
import { lockAppointment } from '../appointments/rows.ts';
import {
  doctor,
  fromAppointmentWithParticipants,
  patient,
} from '../appointments/with-participants.ts';
import { notify, type NotificationInput } from './notify.ts';
import * as repo from './repo.ts';

// What the notifications module publishes for the modules that change an appointment (payments,
// appointments, documents, meetings): one call at the point where the change is committed, in its
// transaction, that names who is told what. The texts are the web app's, in the reader's
// language; what is stored is the kind, the start and zone, the other person's name and who acted.

/** Who is told: the appointment's patient, its doctor, or another doctor (a reassignment's old one). */
export type NoticeRecipient = 'patient' | 'doctor' | { doctorId: string };

export type AppointmentNotice = {
  to: NoticeRecipient;
  kind: NotificationKind;
  by?: 'patient' | 'doctor' | 'clinic';
  /** Another page than the appointment's own (the billing history for a refund, say). */
  link?: string;
};

/** Where a patient finds an appointment, and where its doctor does. */
export const patientAppointmentLink = () => '/dashboard/appointments';
export const doctorAppointmentLink = (appointmentId: string) =>
  `/doctor/appointments/${appointmentId}`;

/** Who hears of a cancellation on their bell: everyone in the appointment but whoever cancelled. */
export function cancellationNotices(by: 'patient' | 'doctor' | 'clinic'): AppointmentNotice[] {
  switch (by) {
    case 'patient':
      return [{ to: 'doctor', kind: 'patientCancelled', by }];
    case 'doctor':
      return [{ to: 'patient', kind: 'appointmentCancelled', by }];
    case 'clinic':
      return [
        { to: 'patient', kind: 'appointmentCancelled', by },
        { to: 'doctor', kind: 'appointmentCancelled', by },
      ];
  }
}

/**
 * Who hears of a prescription request's cancellation (issue #21): the patient is told her request
 * was not answered — declined by the doctor, or lapsed unanswered (the clinic) — and the doctor
 * that the patient withdrew it, or that it lapsed.
 */
export function requestCancellationNotices(
  by: 'patient' | 'doctor' | 'clinic',
): AppointmentNotice[] {
  switch (by) {
    case 'patient':
      return [{ to: 'doctor', kind: 'patientCancelled', by }];
    case 'doctor':
      return [{ to: 'patient', kind: 'requestDeclined', by }];
    case 'clinic':
      return [
        { to: 'patient', kind: 'requestDeclined', by },
        { to: 'doctor', kind: 'appointmentCancelled', by },
      ];
  }
}

/**
 * Puts each notice on its reader's bell, in the caller's transaction (read after the change, so
 * a move or a reassignment tells the new start and the new doctor). A guest — no account to sign
 * in to, so no bell (ADR 0028) — and an erased account are not told.
 */
export async function notifyAboutAppointment(
  tx: Tx,
  appointmentId: string,
  notices: AppointmentNotice[],
) {
  if (notices.length === 0) return;
  const [row] = await fromAppointmentWithParticipants(tx, {
    id: appointments.id,
    startsAt: appointments.startsAt,
    timeZone: appointments.timeZone,
    doctorId: appointments.doctorId,
    patientId: appointments.patientId,
    patientFirst: patient.firstName,
    patientLast: patient.lastName,
    patientType: patient.userType,
    patientErased: patient.erasedAt,
    doctorFirst: doctor.firstName,
    doctorLast: doctor.lastName,
    title: doctorProfiles.title,
  })
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  // No row, no doctor: a "see a doctor now" visit nobody took has only its own notices (ADR 0042).
  if (!row?.doctorId) return;
  const when = { startsAt: row.startsAt.toISOString(), timeZone: row.timeZone };
  const doctorName = doctorDisplayName({
    title: row.title ?? 'Dr.',
    firstName: row.doctorFirst,
    lastName: row.doctorLast,
  });
  const patientName = `${row.patientFirst} ${row.patientLast}`.trim();
  const inputs: NotificationInput[] = [];
  for (const notice of notices) {
    const by = notice.by ? { by: notice.by } : {};
    if (notice.to === 'patient') {
      if (row.patientType === 'guest' || row.patientErased) continue;
      inputs.push({
        userId: row.patientId,
        kind: notice.kind,
        params: { ...when, name: doctorName, ...by },
        link: notice.link ?? patientAppointmentLink(),
      });
    } else {
      inputs.push({
        userId: notice.to === 'doctor' ? row.doctorId : notice.to.doctorId,
        kind: notice.kind,
        params: { ...when, name: patientName, ...by },
        link: notice.link ?? doctorAppointmentLink(row.id),
      });
    }
  }
  await notify(tx, inputs);
}

/**
 * The patient entered the video room's waiting room: the doctor is told once per consultation —
 * not at every reconnection, on whichever instance. (The admission holds until the consultation
 * ends, so a consultation has one wait.) The appointment's row lock orders two instances that
 * see the patient at once.
 */
export async function notifyPatientWaiting(db: Db, appointmentId: string) {
  await db.transaction(async (tx) => {
    const a = await lockAppointment(tx, appointmentId);
    if (!a || a.status !== 'upcoming' || !a.doctorId) return;
    const link = `/doctor/meeting/${a.id}`;
    if (await repo.exists(tx, a.doctorId, 'patientWaiting', link)) return;
    await notifyAboutAppointment(tx, a.id, [{ to: 'doctor', kind: 'patientWaiting', link }]);
  });
}
