import type { Appointment } from '@vizita/shared/contracts/appointments';
import { hasVideoCall, type JoinState } from '@vizita/shared/domain/join-window';

export type MeetingAction =
  | { kind: 'join' }
  | { kind: 'availableIn'; minutes: number }
  | { kind: 'ended' }
  | { kind: 'none' };

/**
 * The meeting button of a card (spec §2 card actions). Only a video consultation that was not
 * cancelled has a meeting: "Join Meeting" inside the join window, "Available in …" before it,
 * "Meeting Ended" after it. A follow-up visit is a video call too (issue #20); a prescription
 * request has no call to join or to end.
 */
export function meetingAction(
  appointment: Pick<Appointment, 'plan' | 'status'>,
  join: JoinState,
): MeetingAction {
  if (!hasVideoCall(appointment.plan) || appointment.status === 'cancelled') {
    return { kind: 'none' };
  }
  if (join.isJoinable) return { kind: 'join' };
  if (join.hasPassed) return { kind: 'ended' };
  if (join.minutesUntilJoinable > 0)
    return { kind: 'availableIn', minutes: join.minutesUntilJoinable };
  return { kind: 'none' };
}

/**
 * Spec §2, §6: only upcoming appointments can be cancelled — a prescription request too, while
 * the doctor has not answered it (issue #21).
 */
export function canCancel(appointment: Pick<Appointment, 'status'>): boolean {
  return appointment.status === 'upcoming';
}

/**
 * Plans without a time of her choosing: a prescription request holds none, "see a doctor now"
 * is the moment a doctor took her (issue #22).
 */
const NOT_MOVABLE: ReadonlySet<Appointment['plan']> = new Set(['prescription', 'on-demand']);

/**
 * Spec §2, §6: only upcoming appointments can be rescheduled; a prescription request holds no
 * time to move (the API refuses it: `appointmentNotMovable`), nor does a visit with the first
 * free doctor, made for the moment she was taken.
 */
export function canReschedule(appointment: Pick<Appointment, 'status' | 'plan'>): boolean {
  return appointment.status === 'upcoming' && !NOT_MOVABLE.has(appointment.plan);
}
