import type { Appointment } from '@vizita/shared/contracts/appointments';
import { formatShortCalendarDate } from '../../../lib/dates';

/** The doctor, date and time a dialog names its appointment by (spec §9: US English dates). */
export function summaryValues(
  appointment: Pick<Appointment, 'doctorId' | 'date' | 'slot'>,
  doctorFallback: string,
) {
  return {
    doctor: appointment.doctorId.name || doctorFallback,
    date: formatShortCalendarDate(appointment.date) ?? appointment.date,
    time: appointment.slot,
  };
}
