// Appointments are stored as a UTC instant plus the doctor's IANA time zone (ARCHITECTURE.md §4);
// the spec's `date` (YYYY-MM-DD) and `slot` (HH:MM) are that instant on the doctor's wall clock.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of `instant` in `timeZone`. */
export function zonedDateAndSlot(instant: Date, timeZone: string): { date: string; slot: string } {
  const w = wallClock(instant, timeZone);
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    slot: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}

/** Minutes that `timeZone` is ahead of UTC at `instant` (e.g. 180 for Sofia in summer). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant at which the wall clock in `timeZone` shows `date` `time`, or null when that
 * wall-clock time does not exist (the hour skipped when clocks go forward). When it exists twice
 * (the hour repeated when clocks go back) the earlier instant is answered.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  // Try the offsets in force just before and just after: one of them maps back to the wall time.
  const candidates = [
    offsetMinutes(new Date(naive - 86_400_000 / 2), timeZone),
    offsetMinutes(new Date(naive + 86_400_000 / 2), timeZone),
  ]
    .map((offset) => new Date(naive - offset * 60_000))
    .filter((instant) => {
      const w = zonedDateAndSlot(instant, timeZone);
      return w.date === date && w.slot === time;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

/** The calendar date `days` after `date` (YYYY-MM-DD), independent of any time zone. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * A converter from wall-clock times of one `date` in `timeZone` to UTC instants, as
 * zonedTimeToUtc answers them. On the ~363 days a year without a DST change near them, the offset
 * is one number and a conversion is a subtraction; only the change days take the careful path.
 */
export function zonedDayConverter(date: string, timeZone: string): (time: string) => Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const before = dayOffset(date, timeZone, midnight);
  if (before === null) return (time) => zonedTimeToUtc(date, time, timeZone);
  return (time) => {
    const [hh, mm] = time.split(':').map(Number) as [number, number];
    return new Date(midnight + (hh * 60 + mm - before) * 60_000);
  };
}

// (zone, date) → the day's single UTC offset, or null on a day with a change. Every request for
// availability asks about the same coming weeks, so this small memo removes nearly all Intl work.
const dayOffsets = new Map<string, number | null>();
const DAY_OFFSETS_MAX = 10_000;

function dayOffset(date: string, timeZone: string, midnight: number): number | null {
  const key = `${timeZone}|${date}`;
  const known = dayOffsets.get(key);
  if (known !== undefined) return known;
  const HOUR = 3_600_000;
  // Offsets never change twice within two days, so equal offsets on both sides mean none today.
  const before = offsetMinutes(new Date(midnight - 14 * HOUR), timeZone);
  const after = offsetMinutes(new Date(midnight + 38 * HOUR), timeZone);
  const offset = before === after ? before : null;
  if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
  dayOffsets.set(key, offset);
  return offset;
}
