import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatClock,
  formatInstantDate,
  formatLongCalendarDate,
  formatMonth,
  formatShortCalendarDate,
  formatShortDateTime,
} from './dates';

// lib/i18n.ts keeps <html lang> on the interface language; the helpers read it.
const inLanguage = (lang: string) => (document.documentElement.lang = lang);
afterEach(() => inLanguage('en'));

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

describe('dates as Bulgarians and Germans write them (ADR 0019)', () => {
  it('writes days numerically, day first, with their own weekday names', () => {
    inLanguage('de');
    expect(formatCalendarDate('1990-04-12')).toBe('12.04.1990');
    expect(formatShortCalendarDate('2026-11-24')).toBe('Di., 24.11.2026');
    expect(formatLongCalendarDate('2026-11-24')).toBe('Dienstag, 24. November 2026');
    expect(formatMonth(new Date(2026, 10, 1))).toBe('November 2026');
    inLanguage('bg');
    expect(formatCalendarDate('1990-04-12')).toBe('12.04.1990 г.');
    expect(formatShortCalendarDate('2026-11-24')).toBe('вт, 24.11.2026 г.');
    expect(formatLongCalendarDate('2026-11-24')).toBe('вторник, 24 ноември 2026 г.');
  });

  it('writes times on the 24-hour clock', () => {
    const local = new Date(2026, 10, 22, 9, 5).toISOString();
    inLanguage('de');
    expect(formatShortDateTime(local)).toBe('22.11., 09:05');
    inLanguage('bg');
    expect(formatShortDateTime(local)).toBe('22.11, 09:05');
  });
});

describe('an instant in a given zone', () => {
  it('reads the day and the wall clock there, whatever the browser zone', () => {
    const instant = '2026-11-23T22:30:00.000Z';
    expect(formatClock(instant, 'Europe/Sofia')).toBe('00:30');
    expect(formatShortDateTime(instant, 'Europe/Berlin')).toBe('Nov 23, 11:30 PM');
  });
});
