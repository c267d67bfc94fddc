// When a video consultation can be joined (spec §4 "Joinable", §9 "Join window").

/** Joining opens 15 minutes before the start (spec §9). */
export const JOIN_OPENS_BEFORE_MS = 15 * 60_000;
/** …and closes 30 minutes after the start, when the appointment counts as passed (spec §4). */
export const JOIN_CLOSES_AFTER_MS = 30 * 60_000;

export type JoinState = { isJoinable: boolean; minutesUntilJoinable: number; hasPassed: boolean };

/**
 * The plans met by video: the consultation (spec §4) and the follow-up visit the doctor proposes
 * after one (issue #20) — a follow-up of a video consultation is one too — and the visit with the
 * first free doctor ("see a doctor now", ADR 0042). A prescription request has no call.
 */
export const VIDEO_PLANS = ['consultation', 'follow-up', 'on-demand'] as const;
export const hasVideoCall = (plan: string) => (VIDEO_PLANS as readonly string[]).includes(plan);

/**
 * Joinable only for an upcoming video visit (VIDEO_PLANS) inside the window. `minutesUntilJoinable` counts
 * whole minutes up (so "Available in 1 minute" never shows when 30 seconds remain as 0).
 */
export function joinState({
  startsAt,
  now,
  status,
  plan,
}: {
  startsAt: Date;
  now: Date;
  status: string;
  plan: string;
}): JoinState {
  const start = startsAt.getTime();
  const t = now.getTime();
  const hasPassed = t > start + JOIN_CLOSES_AFTER_MS;
  const opensAt = start - JOIN_OPENS_BEFORE_MS;
  const inWindow = t >= opensAt && !hasPassed;
  const eligible = status === 'upcoming' && hasVideoCall(plan);
  return {
    isJoinable: eligible && inWindow,
    minutesUntilJoinable: eligible && t < opensAt ? Math.ceil((opensAt - t) / 60_000) : 0,
    hasPassed,
  };
}
