import { describe, expect, it } from 'vitest';
import { daysBetween, isCalendarDate } from './calendar-date.ts';

describe('isCalendarDate', () => {
  it.each(['2026-11-24', '2028-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (d) =>
    expect(isCalendarDate(d)).toBe(true),
  );
  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-11-32',
    '2026-13-01',
    '2026-00-10',
    '2026-11-00',
    '2026-1-5',
    '26-11-24',
    '2026-11-24T00:00:00Z',
    '',
    'tomorrow',
  ])('refuses %s', (d) => expect(isCalendarDate(d)).toBe(false));
});

describe('daysBetween', () => {
  it('counts whole days across month ends and daylight-saving changes', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-11-24', '2026-11-17')).toBe(-7);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });
});
