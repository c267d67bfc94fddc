import { doctorMaySeePatient, PATIENT_DATA_AFTER_START_MS } from './doctor-access.ts';

// Who may read and write in a conversation with the practice, and when (issue #20). An
// appointment's thread is between its patient and its doctor; the clinic's general thread is
// between a patient and the clinic's admins.

type Visit = { status: string; startsAt: Date };

/**
 * Whether an appointment's thread is open now — its doctor reads and writes, its patient writes:
 * the window in which the doctor may see the patient's data (ADR 0016), so that a patient never
 * writes what no doctor may read. The patient keeps reading it afterwards.
 */
export function appointmentMessagesOpen(visit: Visit, now: Date): boolean {
  return doctorMaySeePatient(visit, now);
}

/** When an appointment's thread closes, for the screens to say so. */
export const appointmentMessagesOpenUntil = (startsAt: Date) =>
  new Date(startsAt.getTime() + PATIENT_DATA_AFTER_START_MS);

/** Why the patient may not write in a thread: the practice closed it, or its window ended. */
export type ThreadClosedReason = 'practice' | 'window';

/**
 * Why the patient may not write in this thread now, or null when they may. An appointment's
 * thread closes with its window; any thread closes when the practice turns replies off.
 */
export function patientThreadClosedReason(
  thread: { patientMayReply: boolean; appointment: Visit | null },
  now: Date,
): ThreadClosedReason | null {
  if (thread.appointment && !appointmentMessagesOpen(thread.appointment, now)) return 'window';
  return thread.patientMayReply ? null : 'practice';
}
