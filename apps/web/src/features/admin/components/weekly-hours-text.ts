import {
  weeklyHoursRequestSchema,
  type WeeklyHoursRequest,
  type WeeklyRange,
} from '@vizita/shared/contracts/schedule';
import type { FormSchema, SchemaIssue } from '../../../lib/use-schema-form';

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

/** The week as an admin types it: one text a day, Monday first. */
export type WeekText = { days: string[] };

/**
 * The typed week judged as the API will: first whether each day's text is ranges at all, then
 * the shared schema's rules, each issue on the day its range belongs to.
 */
export const weekTextSchema: FormSchema<WeekText, WeeklyHoursRequest> = {
  '~standard': {},
  safeParse(data) {
    const { days } = data as WeekText;
    const issues: SchemaIssue[] = [];
    const ranges: WeeklyRange[] = [];
    WEEKDAYS.forEach((weekday, at) => {
      const parsed = parseDay(days[at] ?? '', weekday);
      if (parsed) ranges.push(...parsed);
      else issues.push({ path: ['days', at], message: 'scheduleTimeInvalid' });
    });
    const checked = weeklyHoursRequestSchema.safeParse({ ranges });
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const index = issue.path[1];
        // A rule of the whole week (too many ranges) is said at its first day.
        const weekday = (typeof index === 'number' ? ranges[index]?.weekday : undefined) ?? 1;
        issues.push({ path: ['days', weekday - 1], message: issue.message });
      }
    if (issues.length > 0 || !checked.success) return { success: false, error: { issues } };
    return checked;
  },
};
