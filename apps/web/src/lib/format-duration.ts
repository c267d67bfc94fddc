import type { TFunction } from 'i18next';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * A wait in whole minutes as spec §9 displays it: under an hour in minutes ("45 minutes",
 * "1 minute"), under a day in hours and minutes ("2h 5m"), otherwise in days, hours and minutes
 * ("3d 4h 10m"). The units are the language's; `locale` chooses the plural form by the CLDR rules
 * (singular and plural keys rather than i18next's suffixes, so every key is a literal in the code).
 * The units are the `duration` texts of the appointments namespace; the appointments list and the
 * meeting page both show waits this way.
 */
export function formatDuration(
  totalMinutes: number,
  t: TFunction<'appointments'>,
  locale: string,
): string {
  const minutesTotal = Math.max(0, Math.round(totalMinutes));
  if (minutesTotal < MINUTES_PER_HOUR) {
    const one = new Intl.PluralRules(locale).select(minutesTotal) === 'one';
    return t(one ? 'duration.minute' : 'duration.minutes', { count: minutesTotal });
  }
  const minutes = minutesTotal % MINUTES_PER_HOUR;
  if (minutesTotal < MINUTES_PER_DAY) {
    return t('duration.hoursMinutes', {
      hours: Math.floor(minutesTotal / MINUTES_PER_HOUR),
      minutes,
    });
  }
  const days = Math.floor(minutesTotal / MINUTES_PER_DAY);
  const hours = Math.floor((minutesTotal % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  return t('duration.daysHoursMinutes', { days, hours, minutes });
}
