import type { Appointment } from '@vizita/shared/contracts/appointments';
import { joinState, type JoinState } from '@vizita/shared/domain/join-window';

/**
 * The join state at `now` (spec §4, §9: recomputed every 60 seconds), by the shared rule the
 * server applied when the appointment was read — so a card, the meeting page and the doctor area
 * change without a reload. Without a start instant to compute from, the server's answer stands.
 */
export function joinStateAt(
  appointment: Pick<
    Appointment,
    'startsAt' | 'status' | 'plan' | 'isJoinable' | 'minutesUntilJoinable' | 'hasPassed'
  >,
  now: Date,
): JoinState {
  const startsAt = new Date(appointment.startsAt);
  if (Number.isNaN(startsAt.getTime())) {
    const { isJoinable, minutesUntilJoinable, hasPassed } = appointment;
    return { isJoinable, minutesUntilJoinable, hasPassed };
  }
  return joinState({ startsAt, now, status: appointment.status, plan: appointment.plan });
}
