import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInstantDate,
  formatShortCalendarDate,
  formatShortDateTime,
} from './dates';

describe('dates in US English (spec §9)', () => {
  it('shows a calendar day as that day, whatever the time zone', () => {
    expect(formatCalendarDate('1990-04-12')).toBe('April 12, 1990');
    expect(formatShortCalendarDate('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(formatShortCalendarDate('2026-03-02T00:00:00.000Z')).toBe('Mon, Mar 2, 2026');
  });

  it('shows the day of an instant', () => {
    expect(formatInstantDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
  });

  it('shows an instant as its short local day and time', () => {
    // Built from local parts, so that the expectations hold in any time zone.
    const local = (...parts: [number, number, number, number, number]) =>
      new Date(...parts).toISOString();
    expect(formatShortDateTime(local(2026, 10, 22, 10, 30))).toBe('Nov 22, 10:30 AM');
    expect(formatShortDateTime(local(2026, 0, 5, 0, 5))).toBe('Jan 5, 12:05 AM');
    expect(formatShortDateTime(local(2026, 2, 2, 14, 0))).toBe('Mar 2, 2:00 PM');
  });

  it('answers null for what is not a date', () => {
    expect(formatCalendarDate('')).toBeNull();
    expect(formatCalendarDate('12.04.1990')).toBeNull();
    expect(formatInstantDate('soon')).toBeNull();
    expect(formatShortDateTime('soon')).toBeNull();
  });
});
