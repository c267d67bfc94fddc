import { daysBetween } from './calendar-date.ts';
import type { WeeklyInterval } from './slots.ts';

/** HH:MM on a 24-hour clock; 24:00 is not a time (a day ends at 23:59 and the next begins). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** At most this many ranges in a week: three a day with breaks, and room to spare. */
export const WEEKLY_RANGES_MAX = 28;

/**
 * Time off and extra hours reach at most this far ahead: a year covers holidays planned in
 * advance, and a typo such as 2062 is caught instead of silently stored.
 */
export const SCHEDULE_AHEAD_DAYS = 365;

export type WeeklyHoursProblem =
  | { kind: 'badTime'; index: number }
  | { kind: 'endBeforeStart'; index: number }
  | { kind: 'tooShort'; index: number }
  | { kind: 'overlap'; index: number; with: number }
  | { kind: 'tooMany' };

/** Minutes after midnight of a well-formed HH:MM. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * What is wrong with a set of weekly ranges, for the doctor's form, the API and the operator's
 * command line alike: malformed times, a range that ends before it starts, two ranges of one day
 * that overlap, and — when the doctor's slot length is known — a range too short to hold one slot
 * (it would offer nothing, silently). Touching ranges (09:00–12:00 and 12:00–13:00) are fine.
 */
export function weeklyHoursProblems(
  ranges: WeeklyInterval[],
  { slotMinutes }: { slotMinutes?: number } = {},
): WeeklyHoursProblem[] {
  if (ranges.length > WEEKLY_RANGES_MAX) return [{ kind: 'tooMany' }];
  const problems: WeeklyHoursProblem[] = [];
  ranges.forEach((r, index) => {
    if (!HHMM.test(r.start) || !HHMM.test(r.end)) problems.push({ kind: 'badTime', index });
    else if (r.start >= r.end) problems.push({ kind: 'endBeforeStart', index });
    else if (slotMinutes && minutesOf(r.end) - minutesOf(r.start) < slotMinutes)
      problems.push({ kind: 'tooShort', index });
  });
  if (problems.length > 0) return problems;
  ranges.forEach((r, index) => {
    const other = ranges.findIndex(
      (o, j) => j < index && o.weekday === r.weekday && o.start < r.end && r.start < o.end,
    );
    if (other >= 0) problems.push({ kind: 'overlap', index, with: other });
  });
  return problems;
}

/**
 * Whether a dated change (time off, extra hours) may be made on `date`, given today in the
 * doctor's zone: a day that is over changes nothing anyone can book, and one beyond the horizon
 * is almost certainly a typo.
 */
export function scheduleDateProblem(date: string, today: string): 'past' | 'tooFar' | null {
  if (date < today) return 'past';
  if (daysBetween(today, date) > SCHEDULE_AHEAD_DAYS) return 'tooFar';
  return null;
}
