import type { TFunction } from 'i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { viewerWhen } from '../../../components/appointment-when';
import { formatShortCalendarDate } from '../../../lib/dates';

/** The doctor, date and time a dialog names its appointment by, in the reader's own time. */
export function summaryValues(
  appointment: Pick<Appointment, 'doctorId' | 'date' | 'slot' | 'startsAt' | 'timeZone'>,
  t: TFunction<'appointments'>,
) {
  const { date, time } = viewerWhen(appointment, t);
  return {
    doctor: appointment.doctorId.name || t('card.doctorFallback'),
    date: formatShortCalendarDate(date) ?? date,
    time,
  };
}
