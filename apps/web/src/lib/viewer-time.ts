import { formatClock } from './dates';
import { viewerTimeZone } from './viewer-zone';
import { dateTimeFormat } from './date-time-format';

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
function zonedDay(instant: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(new Date(instant));
}

/**
 * A doctor's slot as the reader sees it (ADR 0019): the day and the time in the reader's own zone,
 * and whether that differs from the doctor's wall clock (a patient in Berlin booking a doctor in
 * Sofia). The doctor's date and slot are still what is sent to the server (spec §7).
 */
export function slotForViewer(startsAt: string, doctorZone: string, viewerZone: string) {
  const local = formatClock(startsAt, viewerZone);
  const date = zonedDay(startsAt, viewerZone);
  const differs =
    local !== formatClock(startsAt, doctorZone) || date !== zonedDay(startsAt, doctorZone);
  return { local, date, differs };
}

/** "Sofia" from "Europe/Sofia": how a zone is named beside a time. */
export const zoneCity = (timeZone: string) =>
  (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

/**
 * An appointment's day (YYYY-MM-DD) and time for this reader: the doctor's date and slot, or —
 * when the instant is known and the reader's zone shows another time — the reader's own, with
 * the city that names their zone (`city`, null when nothing needs naming).
 */
export function whenForViewer(
  appointment: { date: string; slot: string; startsAt?: string; timeZone?: string },
  viewerZone = viewerTimeZone(),
): { date: string; time: string; city: string | null } {
  const { date, slot, startsAt, timeZone } = appointment;
  if (startsAt === undefined || timeZone === undefined) return { date, time: slot, city: null };
  const own = slotForViewer(startsAt, timeZone, viewerZone);
  return own.differs
    ? { date: own.date, time: own.local, city: zoneCity(viewerZone) }
    : { date, time: slot, city: null };
}
