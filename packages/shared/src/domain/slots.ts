import { isoWeekday, zonedDayConverter } from './zoned-time.ts';

/** Working hours on one ISO weekday (1 = Monday), in the doctor's wall-clock time. */
export type WeeklyInterval = { weekday: number; start: string; end: string };
/** A dated change: a day (or part of one) off, or extra hours. */
export type ScheduleException = {
  date: string;
  kind: 'off' | 'extra';
  start?: string | null;
  end?: string | null;
};
export type Slot = { slot: string; startsAt: Date };

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Range = [number, number];

function subtract(ranges: Range[], cut: Range): Range[] {
  return ranges.flatMap(([s, e]): Range[] => {
    if (cut[1] <= s || cut[0] >= e) return [[s, e]];
    const left: Range[] = cut[0] > s ? [[s, cut[0]]] : [];
    const right: Range[] = cut[1] < e ? [[cut[1], e]] : [];
    return [...left, ...right];
  });
}

/** The working ranges of one local date, in minutes after local midnight, sorted, merged. */
export function workingRanges(
  date: string,
  weekly: WeeklyInterval[],
  exceptions: ScheduleException[],
): Range[] {
  const today = exceptions.filter((e) => e.date === date);
  let ranges: Range[] = weekly
    .filter((w) => w.weekday === isoWeekday(date))
    .map((w) => [toMinutes(w.start), toMinutes(w.end)]);
  for (const extra of today.filter((e) => e.kind === 'extra' && e.start && e.end))
    ranges.push([toMinutes(extra.start!), toMinutes(extra.end!)]);
  for (const off of today.filter((e) => e.kind === 'off')) {
    ranges =
      off.start && off.end ? subtract(ranges, [toMinutes(off.start), toMinutes(off.end)]) : [];
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else if (r[1] > r[0]) merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * Every slot a doctor offers on a local date, with its UTC instant. A slot must fit entirely in a
 * working range; wall-clock times that do not exist that day (spring DST change) are skipped, and
 * a time that exists twice (autumn change) is offered once, at its first occurrence.
 */
export function slotsForDate({
  date,
  timeZone,
  slotMinutes,
  weekly,
  exceptions,
}: {
  date: string;
  timeZone: string;
  slotMinutes: number;
  weekly: WeeklyInterval[];
  exceptions: ScheduleException[];
}): Slot[] {
  const slots: Slot[] = [];
  const toUtc = zonedDayConverter(date, timeZone);
  for (const [start, end] of workingRanges(date, weekly, exceptions)) {
    for (let m = start; m + slotMinutes <= end; m += slotMinutes) {
      const slot = toHhmm(m);
      const startsAt = toUtc(slot);
      if (startsAt) slots.push({ slot, startsAt });
    }
  }
  return slots;
}
