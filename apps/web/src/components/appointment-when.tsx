import { formatShortCalendarDate } from '../lib/dates';

/**
 * When an appointment is, as every list shows it: "Mon, Nov 23, 2026 · 09:30" (spec §9: US
 * English dates; the slot in the doctor's time zone), machine-readable for assistive technology.
 */
export function AppointmentWhen({ date, slot }: { date: string; slot: string }) {
  return (
    <>
      <time dateTime={date}>{formatShortCalendarDate(date) ?? date}</time>
      {' · '}
      <time dateTime={slot}>{slot}</time>
    </>
  );
}
