import { describe, expect, it } from 'vitest';
import { joinState } from './join-window.ts';

const startsAt = new Date('2026-03-29T09:00:00Z');
const at = (iso: string, over: Partial<{ status: string; plan: string }> = {}) =>
  joinState({ startsAt, now: new Date(iso), status: 'upcoming', plan: 'consultation', ...over });

describe('joinState', () => {
  it('opens exactly 15 minutes before the start', () => {
    expect(at('2026-03-29T08:44:59Z')).toEqual({
      isJoinable: false,
      minutesUntilJoinable: 1,
      hasPassed: false,
    });
    expect(at('2026-03-29T08:45:00Z')).toEqual({
      isJoinable: true,
      minutesUntilJoinable: 0,
      hasPassed: false,
    });
  });

  it('counts the minutes until joining upwards', () => {
    expect(at('2026-03-29T07:45:00Z').minutesUntilJoinable).toBe(60);
    expect(at('2026-03-29T07:45:01Z').minutesUntilJoinable).toBe(60);
    expect(at('2026-03-28T08:45:00Z').minutesUntilJoinable).toBe(24 * 60);
  });

  it('closes 30 minutes after the start, when the appointment has passed', () => {
    expect(at('2026-03-29T09:30:00Z')).toEqual({
      isJoinable: true,
      minutesUntilJoinable: 0,
      hasPassed: false,
    });
    expect(at('2026-03-29T09:30:01Z')).toEqual({
      isJoinable: false,
      minutesUntilJoinable: 0,
      hasPassed: true,
    });
  });

  it('is never joinable for cancelled appointments or other plans', () => {
    expect(at('2026-03-29T09:00:00Z', { status: 'cancelled' }).isJoinable).toBe(false);
    expect(at('2026-03-29T09:00:00Z', { plan: 'prescription' }).isJoinable).toBe(false);
    expect(at('2026-03-29T08:00:00Z', { status: 'cancelled' }).minutesUntilJoinable).toBe(0);
  });

  it('is joinable for a follow-up visit, a video call like the consultation (issue #20)', () => {
    expect(at('2026-03-29T09:00:00Z', { plan: 'follow-up' }).isJoinable).toBe(true);
  });
});
