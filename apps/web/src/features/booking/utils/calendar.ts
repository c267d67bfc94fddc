import { toIsoDate } from '../../../lib/dates';

/** Spec §9: a month is shown as 6 weeks of 7 days, whatever its length. */
export const CALENDAR_CELLS = 42;

/** A displayed month; `month` counts from 0 like Date's. */
export interface MonthView {
  year: number;
  month: number;
}

export function monthOf(date: Date): MonthView {
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function addMonths(view: MonthView, delta: number): MonthView {
  return monthOf(new Date(view.year, view.month + delta, 1));
}

/** The 42 days shown for a month: from the Sunday on or before the 1st (headers run Sun–Sat). */
export function monthGrid(view: MonthView): Date[] {
  const first = new Date(view.year, view.month, 1);
  return Array.from(
    { length: CALENDAR_CELLS },
    (_, i) => new Date(view.year, view.month, 1 - first.getDay() + i),
  );
}

/** Spec §2: going back is refused on the current month or earlier; forward is always allowed. */
export function canShowPreviousMonth(view: MonthView, today: Date): boolean {
  return view.year * 12 + view.month > today.getFullYear() * 12 + today.getMonth();
}

/**
 * Spec §5: a day can be chosen when it is today or later, inside the displayed month and has at
 * least one free slot (`freeDays`: YYYY-MM-DD of the days the availability call returned).
 */
export function isSelectableDay(
  day: Date,
  view: MonthView,
  today: Date,
  freeDays: ReadonlySet<string>,
): boolean {
  const iso = toIsoDate(day);
  return (
    day.getMonth() === view.month &&
    day.getFullYear() === view.year &&
    iso >= toIsoDate(today) &&
    freeDays.has(iso)
  );
}

/** YYYY-MM-DD `days` after `date`, for the availability window (spec §9: 60 days). */
export function isoDaysAfter(date: Date, days: number): string {
  return toIsoDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
}
