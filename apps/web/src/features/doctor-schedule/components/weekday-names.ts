import { dateTimeFormat } from '../../../lib/date-time-format';

/** ISO weekdays 1 (Monday) … 7 (Sunday), named by the browser in the interface language. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function weekdayName(weekday: number, language: string): string {
  // 2026-11-23 is a Monday; noon UTC keeps every zone on the same day.
  const date = new Date(Date.UTC(2026, 10, 22 + weekday, 12));
  return dateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
