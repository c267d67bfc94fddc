import { FULL_REFUND_NOTICE_MS, RESCHEDULE_NOTICE_MS } from '../contracts/appointments.ts';

// The cancellation and reschedule policy (docs/decisions/0012), once for both apps: the server
// decides with it, the web app tells the patient beforehand what the server will decide. `now`
// is a parameter (STYLE.md §5), so both sides and the tests stand at any instant.

/**
 * Whether a cancellation refunds the payment: always for the doctor's or the clinic's, for the
 * patient's only with at least FULL_REFUND_NOTICE_MS (24 hours, exactly 24 counts) before the start
 * — except a prescription request (issue #21), which holds no doctor's time: withdrawn before its
 * answer, it is refunded in full.
 */
export function refundIsDue(
  by: 'doctor' | 'patient' | 'clinic',
  appointment: { startsAt: Date; plan: string },
  now: Date,
): boolean {
  if (by !== 'patient' || appointment.plan === 'prescription') return true;
  return appointment.startsAt.getTime() - now.getTime() >= FULL_REFUND_NOTICE_MS;
}

/**
 * Whether an appointment may still be moved: with at least RESCHEDULE_NOTICE_MS before its start,
 * the same notice as a full refund, so a move never turns a late cancellation into a refunded one.
 */
export function rescheduleAllowed(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= RESCHEDULE_NOTICE_MS;
}
