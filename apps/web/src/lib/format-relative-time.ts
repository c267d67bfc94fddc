import { dateTimeFormat } from './date-time-format';

// How long ago something happened, in the page's language ("5 minutes ago", "vor 5 Minuten",
// "преди 5 минути"); after a week, the date and time instead. The language comes from <html lang>
// like the date helpers' (lib/dates.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function pageLocale(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang === 'bg' || lang === 'de' ? lang : 'en';
}

/** `instant` (ISO 8601) as seen at `now`; null when it is not a date. */
export function formatRelativeTime(instant: string, now: Date): string | null {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return null;
  const ago = now.getTime() - at.getTime();
  const locale = pageLocale();
  if (ago >= WEEK)
    return dateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(at);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // A clock a little ahead of the server's says "now", not "in 1 minute".
  if (ago < MINUTE) return relative.format(0, 'second');
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  return relative.format(-Math.floor(ago / DAY), 'day');
}
