import { describe, expect, it } from 'vitest';
import { scheduleDateProblem, weeklyHoursProblems } from './weekly-hours.ts';

const r = (weekday: number, start: string, end: string) => ({ weekday, start, end });

describe('weeklyHoursProblems', () => {
  it('accepts ranges with breaks, touching ranges and the same hours on other days', () => {
    expect(
      weeklyHoursProblems([
        r(1, '09:00', '12:00'),
        r(1, '13:00', '17:00'),
        r(2, '09:00', '12:00'),
        r(2, '12:00', '13:00'),
      ]),
    ).toEqual([]);
  });

  it('finds malformed times, backwards ranges and overlaps, by position', () => {
    expect(weeklyHoursProblems([r(1, '9:00', '12:00')])).toEqual([{ kind: 'badTime', index: 0 }]);
    expect(weeklyHoursProblems([r(1, '24:00', '24:30')])).toEqual([{ kind: 'badTime', index: 0 }]);
    expect(weeklyHoursProblems([r(1, '12:00', '12:00')])).toEqual([
      { kind: 'endBeforeStart', index: 0 },
    ]);
    expect(weeklyHoursProblems([r(3, '09:00', '12:00'), r(3, '11:30', '14:00')])).toEqual([
      { kind: 'overlap', index: 1, with: 0 },
    ]);
  });

  it('refuses an absurd number of ranges', () => {
    expect(weeklyHoursProblems(Array.from({ length: 29 }, () => r(1, '09:00', '10:00')))).toEqual([
      { kind: 'tooMany' },
    ]);
  });

  it('refuses a range too short for one slot, when the slot length is known', () => {
    expect(weeklyHoursProblems([r(1, '09:00', '09:20')])).toEqual([]);
    expect(weeklyHoursProblems([r(1, '09:00', '09:20')], { slotMinutes: 30 })).toEqual([
      { kind: 'tooShort', index: 0 },
    ]);
    expect(weeklyHoursProblems([r(1, '09:00', '09:30')], { slotMinutes: 30 })).toEqual([]);
  });
});

describe('scheduleDateProblem', () => {
  it('allows today up to a year ahead, across a leap day', () => {
    expect(scheduleDateProblem('2026-11-22', '2026-11-23')).toBe('past');
    expect(scheduleDateProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(scheduleDateProblem('2027-11-23', '2026-11-23')).toBeNull();
    expect(scheduleDateProblem('2027-11-24', '2026-11-23')).toBe('tooFar');
    expect(scheduleDateProblem('2028-03-01', '2027-03-01')).toBe('tooFar');
    expect(scheduleDateProblem('2028-02-29', '2027-03-01')).toBeNull();
  });
});
