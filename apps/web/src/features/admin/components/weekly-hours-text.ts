import type { WeeklyRange } from '@vizita/shared/contracts/schedule';

// A day's hours as an admin types them: "09:00-12:00, 13:00-17:00" (an en dash works too);
// empty means no hours that day. The shared schema then judges overlaps and order.

const RANGE = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/;
const pad = (time: string) => time.padStart(5, '0');

/** Monday = 1 … Sunday = 7, as the API numbers weekdays. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function dayText(ranges: readonly WeeklyRange[], weekday: number): string {
  return ranges
    .filter((r) => r.weekday === weekday)
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((r) => `${r.start}-${r.end}`)
    .join(', ');
}

/** The ranges of one day's text, or null when a part is not "HH:MM-HH:MM". */
export function parseDay(text: string, weekday: number): WeeklyRange[] | null {
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges: WeeklyRange[] = [];
  for (const part of parts) {
    const match = RANGE.exec(part);
    if (!match) return null;
    ranges.push({ weekday, start: pad(match[1]!), end: pad(match[2]!) });
  }
  return ranges;
}
