import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../lib/dates';
import {
  addMonths,
  CALENDAR_CELLS,
  canShowPreviousMonth,
  isSelectableDay,
  isoDaysAfter,
  monthGrid,
} from './calendar';

const today = new Date(2026, 10, 20, 9, 0); // Friday, November 20, 2026
const november = { year: 2026, month: 10 };

describe('month grid', () => {
  it('has 42 days from the Sunday on or before the 1st, for every month of a year', () => {
    for (let month = 0; month < 12; month += 1) {
      const days = monthGrid({ year: 2026, month });
      expect(days).toHaveLength(CALENDAR_CELLS);
      expect(days[0]!.getDay()).toBe(0);
      expect(days[0]! <= new Date(2026, month, 1)).toBe(true);
      expect(days.filter((d) => d.getMonth() === month && d.getDate() === 1)).toHaveLength(1);
      // Consecutive days, also across the autumn DST change.
      for (let i = 1; i < days.length; i += 1) {
        expect(toIsoDate(days[i]!)).toBe(isoDaysAfter(days[i - 1]!, 1));
      }
    }
  });

  it('starts November 2026 on Sunday, November 1 and ends on Saturday, December 12', () => {
    const days = monthGrid(november);
    expect(toIsoDate(days[0]!)).toBe('2026-11-01');
    expect(toIsoDate(days[41]!)).toBe('2026-12-12');
  });

  it('starts a month whose 1st is a Wednesday with the last days of the month before', () => {
    // July 1, 2026 is a Wednesday.
    expect(toIsoDate(monthGrid({ year: 2026, month: 6 })[0]!)).toBe('2026-06-28');
  });
});

describe('month navigation', () => {
  it('refuses going back from the current month or earlier, allows it from a later one', () => {
    expect(canShowPreviousMonth(november, today)).toBe(false);
    expect(canShowPreviousMonth({ year: 2026, month: 9 }, today)).toBe(false);
    expect(canShowPreviousMonth({ year: 2026, month: 11 }, today)).toBe(true);
    expect(canShowPreviousMonth({ year: 2027, month: 0 }, today)).toBe(true);
  });

  it('moves across the turn of the year', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2027, month: 0 }, -1)).toEqual({ year: 2026, month: 11 });
  });
});

describe('selectable days', () => {
  const free = new Set(['2026-11-19', '2026-11-20', '2026-11-24', '2026-12-01']);
  const day = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    return new Date(y!, m! - 1, d);
  };

  it('are today or later, in the displayed month, with a free slot', () => {
    expect(isSelectableDay(day('2026-11-20'), november, today, free)).toBe(true);
    expect(isSelectableDay(day('2026-11-24'), november, today, free)).toBe(true);
  });

  it('exclude past days, days without slots and days of the next month shown in the grid', () => {
    expect(isSelectableDay(day('2026-11-19'), november, today, free)).toBe(false);
    expect(isSelectableDay(day('2026-11-25'), november, today, free)).toBe(false);
    expect(isSelectableDay(day('2026-12-01'), november, today, free)).toBe(false);
    expect(isSelectableDay(day('2026-12-01'), { year: 2026, month: 11 }, today, free)).toBe(true);
  });
});
