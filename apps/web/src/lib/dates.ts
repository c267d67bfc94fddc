import { dateTimeFormat } from './date-time-format';

// Dates follow the interface language (ADR 0019): English keeps the spec's US format (§9: "Monday,
// March 2, 2026", "Nov 22, 10:30 AM"); Bulgarian and German write them as their readers do
// ("24.11.2026 г.", "Di., 24.11.2026", 24-hour "09:30").

type DateLocale = 'en' | 'bg' | 'de';

/** Intl's name of each language's conventions. */
const INTL_LOCALE: Record<DateLocale, string> = { en: 'en-US', bg: 'bg-BG', de: 'de-DE' };

/**
 * The language the page is shown in: lib/i18n.ts keeps `<html lang>` on it. Read at call time, so
 * the date helpers need no import of i18next (they live in lazy chunks, not the first page).
 */
function dateLocale(): DateLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang === 'bg' || lang === 'de' ? lang : 'en';
}

type Style = Record<'us' | 'european', Intl.DateTimeFormatOptions>;
const everywhere = (options: Intl.DateTimeFormatOptions): Style => ({
  us: options,
  european: options,
});

/** Each kind of date in US English and in the numeric European form of Bulgarian and German. */
const LONG_DATE = everywhere({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const DATE: Style = {
  us: { year: 'numeric', month: 'long', day: 'numeric' },
  european: { year: 'numeric', month: '2-digit', day: '2-digit' },
};
const SHORT_DATE: Style = {
  us: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  european: { weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit' },
};
const SHORT_DATE_TIME: Style = {
  us: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  european: {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
};
const DATE_TIME: Style = {
  us: { ...SHORT_DATE_TIME.us, year: 'numeric' },
  european: { ...SHORT_DATE_TIME.european, year: 'numeric' },
};
const MONTH = everywhere({ month: 'long', year: 'numeric' });

function format(date: Date, style: Style, timeZone?: string): string {
  const locale = dateLocale();
  const options = locale === 'en' ? style.us : style.european;
  return dateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone }).format(date);
}

/** "Monday, March 2, 2026" · "понеделник, 2 март 2026 г." · "Montag, 2. März 2026". */
export function formatLongDate(date: Date): string {
  return format(date, LONG_DATE);
}

/** A calendar day (YYYY-MM-DD) in full: "Tuesday, November 24, 2026" · "Dienstag, 24. November 2026". */
export function formatLongCalendarDate(value: string): string | null {
  const day = calendarDay(value);
  return day && formatLongDate(day);
}

/** "March 2026" · "март 2026 г." · "März 2026": the month a calendar shows. */
export function formatMonth(date: Date): string {
  return format(date, MONTH);
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

const instant = (value: string): Date | null => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A birthday or other calendar day: "April 12, 1990" · "12.04.1990"; null when not a date. */
export function formatCalendarDate(value: string): string | null {
  const day = calendarDay(value);
  return day && format(day, DATE);
}

/** A calendar day in lists: "Mon, Mar 2, 2026" · "Mo., 02.03.2026"; null when not a date. */
export function formatShortCalendarDate(value: string): string | null {
  const day = calendarDay(value);
  return day && format(day, SHORT_DATE);
}

/** The local day of an instant (ISO 8601): "March 2, 2026" · "02.03.2026"; null when not a date. */
export function formatInstantDate(value: string): string | null {
  const date = instant(value);
  return date && format(date, DATE);
}

/**
 * The day and time of an instant (ISO 8601), in the browser's zone or `timeZone`: "Nov 22, 10:30
 * AM" · "22.11., 10:30"; null when not a date.
 */
export function formatShortDateTime(value: string, timeZone?: string): string | null {
  const date = instant(value);
  return date && format(date, SHORT_DATE_TIME, timeZone);
}

/** As `formatShortDateTime`, with the year (records that span years): "Nov 22, 2026, 10:30 AM". */
export function formatDateTime(value: string, timeZone?: string): string | null {
  const date = instant(value);
  return date && format(date, DATE_TIME, timeZone);
}

/** The wall-clock time of an instant in a zone, 24-hour as slots are written (spec §3): "09:30". */
export function formatClock(value: string | Date, timeZone: string): string {
  return dateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(value));
}
