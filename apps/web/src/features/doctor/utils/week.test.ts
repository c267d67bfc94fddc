import { describe, expect, it } from 'vitest';
import { mondayOf, todayIn, weekDays } from './week';

describe('the schedule week', () => {
  it('starts on Monday, from any day of it', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
  });

  it('lists seven days across a month end', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it("knows today in the doctor's zone, not the browser's", () => {
    const lateEvening = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Europe/Sofia', lateEvening)).toBe('2026-11-24');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-23');
  });
});
