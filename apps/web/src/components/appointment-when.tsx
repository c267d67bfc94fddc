import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatShortCalendarDate } from '../lib/dates';
import { whenForViewer } from '../lib/viewer-time';

type When = { date: string; slot: string; startsAt?: string; timeZone?: string };

/**
 * An appointment's day (YYYY-MM-DD) and time as this reader reads them: their own, with their
 * zone named when it is not the doctor's ("09:00 (Berlin time)", ADR 0019), when the instant and
 * the doctor's zone are given (the patient's screens); else the doctor's wall clock (the console).
 */
export function viewerWhen(appointment: When, t: TFunction<'appointments'>) {
  const { date, time, city } = whenForViewer(appointment);
  return { date, time: city ? t('when.ownZone', { time, city }) : time, zoned: city !== null };
}

/**
 * When an appointment is, as every list shows it: "Mon, Nov 23, 2026 · 09:30" ("Mo., 23.11.2026 ·
 * 09:30" in German), machine-readable for assistive technology.
 */
export function AppointmentWhen(props: When) {
  const { t } = useTranslation('appointments');
  const { date, time, zoned } = viewerWhen(props, t);
  return (
    <>
      <time dateTime={date}>{formatShortCalendarDate(date) ?? date}</time>
      {' · '}
      <time dateTime={zoned ? props.startsAt : props.slot}>{time}</time>
    </>
  );
}
