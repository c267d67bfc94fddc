import { describe, expect, it } from 'vitest';
import { formatWeeklyHours, parseWeeklyHours } from './weekly-hours.ts';

describe('parseWeeklyHours', () => {
  it('reads day ranges, single days and breaks', () => {
    expect(parseWeeklyHours('Mon-Wed 09:00-12:00,13:00-17:00; sat 10:00-12:00')).toEqual([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 3, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
      { weekday: 2, start: '13:00', end: '17:00' },
      { weekday: 3, start: '13:00', end: '17:00' },
      { weekday: 6, start: '10:00', end: '12:00' },
    ]);
  });

  it.each([
    '',
    'Mon-Fri',
    'Fri-Mon 09:00-17:00',
    'Mon 17:00-09:00',
    'Mon 9-17',
    'Xyz 09:00-10:00',
    'Mon 24:00-25:00',
  ])('refuses %j with a readable error', (spec) => {
    expect(() => parseWeeklyHours(spec)).toThrow(/expected|Unknown|No working hours|Cannot read/);
  });
});

describe('formatWeeklyHours', () => {
  it.each([
    'Mon-Fri 09:00-12:30,13:30-18:00',
    'Mon-Thu 08:00-12:00,13:00-16:00; Sat 09:00-12:00',
    'Mon 09:00-10:00; Wed 09:00-10:00',
    'Sun 01:00-05:00',
  ])('round-trips %j', (spec) => {
    expect(formatWeeklyHours(parseWeeklyHours(spec))).toBe(spec);
  });
});
