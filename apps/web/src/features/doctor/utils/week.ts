import { addDays, isoWeekday } from '@vizita/shared/domain/zoned-time';
import { dateTimeFormat } from '../../../lib/date-time-format';

/** The Monday of the week that holds `date` (YYYY-MM-DD): schedules run Monday to Sunday. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The seven days of the week that starts on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return dateTimeFormat('en-CA', { timeZone }).format(now);
}
