import type { WeeklyInterval } from '@vizita/shared/domain/slots';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Parses working hours as an operator writes them: `Mon-Fri 09:00-12:00,13:00-17:00; Sat 09:00-12:00`.
 * Day ranges wrap nothing (Mon-Fri, not Fri-Mon); several ranges a day leave breaks between them.
 */
export function parseWeeklyHours(spec: string): WeeklyInterval[] {
  const intervals: WeeklyInterval[] = [];
  for (const part of spec
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{3})(?:-([A-Za-z]{3}))?\s+(.+)$/.exec(part);
    if (!match) throw new Error(`Cannot read "${part}": expected e.g. "Mon-Fri 09:00-17:00"`);
    const first = DAYS.indexOf(match[1]!.toLowerCase());
    const last = match[2] ? DAYS.indexOf(match[2].toLowerCase()) : first;
    if (first < 0 || last < 0 || last < first) throw new Error(`Unknown day range in "${part}"`);
    for (const range of match[3]!.split(',').map((r) => r.trim())) {
      const [start, end] = range.split('-');
      if (!start || !end || !TIME.test(start) || !TIME.test(end) || start >= end) {
        throw new Error(`Cannot read the hours "${range}" in "${part}": expected HH:MM-HH:MM`);
      }
      for (let day = first; day <= last; day++) intervals.push({ weekday: day + 1, start, end });
    }
  }
  if (intervals.length === 0) throw new Error('No working hours given');
  return intervals;
}

/** The inverse of parseWeeklyHours: consecutive days with the same hours share a range. */
export function formatWeeklyHours(intervals: WeeklyInterval[]): string {
  const byDay = new Map<number, string>();
  for (let day = 1; day <= 7; day++) {
    const ranges = intervals
      .filter((i) => i.weekday === day)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((i) => `${i.start}-${i.end}`);
    if (ranges.length > 0) byDay.set(day, ranges.join(','));
  }
  const name = (day: number) => DAYS[day - 1]!.replace(/^./, (c) => c.toUpperCase());
  const parts: string[] = [];
  for (let day = 1; day <= 7; day++) {
    const hours = byDay.get(day);
    if (!hours) continue;
    let last = day;
    while (byDay.get(last + 1) === hours) last++;
    parts.push(`${name(day)}${last > day ? `-${name(last)}` : ''} ${hours}`);
    day = last;
  }
  return parts.join('; ');
}
