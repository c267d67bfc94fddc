// Dates are displayed in US English whatever the interface language (spec §9).
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const SHORT_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
};

/** "Monday, March 2, 2026". */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', LONG_DATE);
}

/** YYYY-MM-DD in local time, for `<time dateTime>`. */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * A calendar day (YYYY-MM-DD, or the date part of an ISO instant) as a local Date at midnight.
 * Not `new Date('1990-04-12')`: that is midnight UTC, the day before anywhere west of Greenwich.
 */
function calendarDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A birthday or other calendar day: "April 12, 1990"; null when it is not a date. */
export function formatCalendarDate(value: string): string | null {
  return calendarDay(value)?.toLocaleDateString('en-US', DATE) ?? null;
}

/** A calendar day in lists: "Mon, Mar 2, 2026"; null when it is not a date. */
export function formatShortCalendarDate(value: string): string | null {
  return calendarDay(value)?.toLocaleDateString('en-US', SHORT_DATE) ?? null;
}

/** The local day of an instant (ISO 8601): "March 2, 2026"; null when it is not a date. */
export function formatInstantDate(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', DATE);
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The local day and time of an instant (ISO 8601): "Nov 22, 10:30 AM"; null when not a date. */
export function formatShortDateTime(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString('en-US', SHORT_DATE_TIME);
}
