import type { AppointmentSummaryItem } from '../api/get-appointments';

/** Spec §9: the dashboard shows 3 recent appointments. */
export const RECENT_APPOINTMENTS_SHOWN = 3;

export interface AppointmentSummary {
  upcoming: number;
  /** Spec §2: upcoming plus completed (cancelled ones are not counted). */
  total: number;
  /** Newest first, at most RECENT_APPOINTMENTS_SHOWN. */
  recent: AppointmentSummaryItem[];
}

/** The dashboard's figures, from the caller's appointments as the API lists them. */
export function summarizeAppointments(
  appointments: readonly AppointmentSummaryItem[],
): AppointmentSummary {
  const upcoming = appointments.filter((a) => a.status === 'upcoming').length;
  const completed = appointments.filter((a) => a.status === 'completed').length;
  const recent = [...appointments]
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))
    .slice(0, RECENT_APPOINTMENTS_SHOWN);
  return { upcoming, total: upcoming + completed, recent };
}
