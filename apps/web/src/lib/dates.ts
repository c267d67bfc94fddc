// Dates are displayed in US English whatever the interface language (spec §9).
const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
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
