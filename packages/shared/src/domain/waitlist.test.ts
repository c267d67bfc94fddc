import { describe, expect, it } from 'vitest';
import { newlyOfferedStarts, offerFits, waitlistExpiry, waitlistJoinAllowed } from './waitlist.ts';

const HOUR_MS = 3_600_000;
const now = new Date('2026-11-23T08:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('waitlistJoinAllowed', () => {
  it('takes an appointment two days away or more, exactly two included, and nothing sooner', () => {
    expect(waitlistJoinAllowed(at(72 * HOUR_MS), now)).toBe(true);
    expect(waitlistJoinAllowed(at(48 * HOUR_MS), now)).toBe(true);
    expect(waitlistJoinAllowed(at(48 * HOUR_MS - 1), now)).toBe(false);
    expect(waitlistJoinAllowed(at(-HOUR_MS), now)).toBe(false);
  });
});

describe('waitlistExpiry', () => {
  it('ends at the appointment’s start, or two weeks on without one', () => {
    expect(waitlistExpiry(at(5 * 24 * HOUR_MS), now)).toEqual(at(5 * 24 * HOUR_MS));
    expect(waitlistExpiry(null, now)).toEqual(at(14 * 24 * HOUR_MS));
  });
});

describe('offerFits', () => {
  const appointment = at(5 * 24 * HOUR_MS);

  it('offers only a time earlier than the appointment', () => {
    expect(offerFits(at(2 * 24 * HOUR_MS), appointment, now)).toBe(true);
    expect(offerFits(appointment, appointment, now)).toBe(false);
    expect(offerFits(at(6 * 24 * HOUR_MS), appointment, now)).toBe(false);
  });

  it('offers nothing starting within the hour, with or without an appointment', () => {
    expect(offerFits(at(HOUR_MS), null, now)).toBe(true);
    expect(offerFits(at(HOUR_MS - 1), null, now)).toBe(false);
    expect(offerFits(at(HOUR_MS - 1), appointment, now)).toBe(false);
  });

  it('offers nothing for an appointment that can no longer be moved (24 hours’ notice)', () => {
    expect(offerFits(at(2 * HOUR_MS), at(24 * HOUR_MS), now)).toBe(true);
    expect(offerFits(at(2 * HOUR_MS), at(24 * HOUR_MS - 1), now)).toBe(false);
  });
});

describe('newlyOfferedStarts', () => {
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '10:00' }));
  const base = {
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    today: '2026-11-23',
    lastDate: '2026-11-29',
  };

  it('finds the times a change adds, in order, and none it removes or keeps', () => {
    const added = newlyOfferedStarts({
      ...base,
      before: { weekly: weekdays, exceptions: [{ date: '2026-11-25', kind: 'off' }] },
      after: {
        weekly: [...weekdays.slice(0, 4), { weekday: 6, start: '09:00', end: '09:30' }],
        exceptions: [],
      },
    });
    // Wednesday's time off taken back; Saturday added; Friday removed, which frees nothing.
    expect(added.map((d) => d.toISOString())).toEqual([
      '2026-11-25T07:00:00.000Z',
      '2026-11-25T07:30:00.000Z',
      '2026-11-28T07:00:00.000Z',
    ]);
  });

  it('finds nothing when the hours are the same', () => {
    const hours = { weekly: weekdays, exceptions: [] };
    expect(newlyOfferedStarts({ ...base, before: hours, after: hours })).toEqual([]);
  });
});
