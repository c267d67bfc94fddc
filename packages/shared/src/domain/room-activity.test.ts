import { describe, expect, it } from 'vitest';
import { summarizeRoomActivity, type RoomEvent } from './room-activity.ts';

const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00Z`);
const e = (
  kind: RoomEvent['kind'],
  role: RoomEvent['role'],
  hhmm: string,
  quality?: RoomEvent['quality'],
): RoomEvent => ({
  kind,
  role,
  at: at(hhmm),
  quality,
});

describe('summarizeRoomActivity', () => {
  it('says nothing of a room nobody entered', () => {
    expect(summarizeRoomActivity([])).toBeNull();
  });

  it('shows a patient waiting since they arrived, until the doctor admits them', () => {
    const waiting = summarizeRoomActivity([
      e('joined', 'patient', '09:47'),
      e('joined', 'doctor', '09:55'),
    ]);
    expect(waiting).toMatchObject({
      patientJoinedAt: at('09:47').toISOString(),
      waitingSince: at('09:47').toISOString(),
      admittedAt: null,
      waitedMinutes: null,
    });
  });

  it('counts the wait from the first arrival, across a reload, to the admission', () => {
    const summary = summarizeRoomActivity([
      e('admitted', 'doctor', '09:51'),
      e('joined', 'patient', '09:47'),
      e('left', 'patient', '09:48'),
      e('joined', 'patient', '09:49'),
      e('left', 'patient', '10:20', 'fair'),
      e('left', 'doctor', '10:21', 'good'),
    ]);
    expect(summary).toEqual({
      patientJoinedAt: at('09:47').toISOString(),
      waitingSince: null,
      admittedAt: at('09:51').toISOString(),
      waitedMinutes: 4,
      patientLeftAt: at('10:20').toISOString(),
      quality: 'fair',
    });
  });

  it('keeps a patient present while a second tab replaces the first', () => {
    const summary = summarizeRoomActivity([
      e('joined', 'patient', '09:47'),
      e('joined', 'patient', '09:48'),
      e('left', 'patient', '09:48'),
    ]);
    expect(summary?.waitingSince).toBe(at('09:47').toISOString());
    expect(summary?.patientLeftAt).toBeNull();
  });

  it('shows nobody waiting once the patient gave up, and the worst quality reported', () => {
    const summary = summarizeRoomActivity([
      e('joined', 'patient', '09:47'),
      e('left', 'patient', '09:58', 'poor'),
      e('left', 'doctor', '09:59', 'good'),
    ]);
    expect(summary).toMatchObject({
      waitingSince: null,
      patientLeftAt: at('09:58').toISOString(),
      quality: 'poor',
    });
  });
});
