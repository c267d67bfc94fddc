/**
 * What happened in a consultation's room, summed up for the doctor's console from the room's
 * events (joins, the admission, leaves with their quality summary): who waits now, how long the
 * patient waited, how the connection was. Never media, never content.
 */
export type RoomEventKind = 'joined' | 'admitted' | 'left';
export type RoomQuality = 'good' | 'fair' | 'poor';

export interface RoomEvent {
  kind: RoomEventKind;
  role: 'patient' | 'doctor';
  at: Date;
  /** `left`: the connection's last quality summary, when it sent one. */
  quality?: RoomQuality | null;
}

export interface RoomActivity {
  /** The patient's first arrival in the room. */
  patientJoinedAt: string | null;
  /** The patient is in the waiting room now, since this instant. */
  waitingSince: string | null;
  /** When the doctor let the patient in. */
  admittedAt: string | null;
  /** From the patient's first arrival to the admission, in whole minutes. */
  waitedMinutes: number | null;
  /** The patient's last leave, once nobody of theirs is in the room. */
  patientLeftAt: string | null;
  /** The worst quality either side reported when leaving. */
  quality: RoomQuality | null;
}

const RANK: Record<RoomQuality, number> = { good: 0, fair: 1, poor: 2 };

/** The summary of a room's events (in any order); null when nothing happened in it. */
export function summarizeRoomActivity(events: readonly RoomEvent[]): RoomActivity | null {
  if (events.length === 0) return null;
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  let firstJoin: Date | null = null;
  let admittedAt: Date | null = null;
  let leftAt: Date | null = null;
  let quality: RoomQuality | null = null;
  // The patient may have two connections for a moment (a second tab replacing the first).
  let present = 0;
  let presentSince: Date | null = null;
  for (const e of sorted) {
    if (e.kind === 'admitted') admittedAt ??= e.at;
    if (e.kind === 'left' && e.quality && (quality === null || RANK[e.quality] > RANK[quality]))
      quality = e.quality;
    if (e.role !== 'patient') continue;
    if (e.kind === 'joined') {
      firstJoin ??= e.at;
      if (present === 0) presentSince = e.at;
      present += 1;
      leftAt = null;
    } else if (e.kind === 'left' && present > 0) {
      present -= 1;
      if (present === 0) {
        presentSince = null;
        leftAt = e.at;
      }
    }
  }
  return {
    patientJoinedAt: firstJoin?.toISOString() ?? null,
    waitingSince: !admittedAt && presentSince ? presentSince.toISOString() : null,
    admittedAt: admittedAt?.toISOString() ?? null,
    waitedMinutes:
      admittedAt && firstJoin
        ? Math.max(0, Math.round((admittedAt.getTime() - firstJoin.getTime()) / 60_000))
        : null,
    patientLeftAt: leftAt?.toISOString() ?? null,
    quality,
  };
}
