// Appointments are stored as a UTC instant plus the doctor's IANA time zone (ARCHITECTURE.md §4);
// the spec's `date` (YYYY-MM-DD) and `slot` (HH:MM) are that instant on the doctor's wall clock.

/** The wall-clock date and time of `instant` in `timeZone`. */
export function zonedDateAndSlot(instant: Date, timeZone: string): { date: string; slot: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    slot: `${get('hour')}:${get('minute')}`,
  };
}
