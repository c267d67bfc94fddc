import type { AppointmentSummaryItem, DashboardAppointments } from '../api/get-appointments';

/** Spec §9: the dashboard shows 3 recent appointments. */
export const RECENT_APPOINTMENTS_SHOWN = 3;

export interface AppointmentSummary {
  upcoming: number;
  /** Spec §2: upcoming plus completed (cancelled ones are not counted). */
  total: number;
  /** Newest first, at most RECENT_APPOINTMENTS_SHOWN. */
  recent: AppointmentSummaryItem[];
}

/**
 * The dashboard's figures: the counts by status cover all of the caller's appointments (the
 * list holds only the latest few); the recent ones are the newest by start time.
 */
export function summarizeAppointments({
  items,
  counts,
}: DashboardAppointments): AppointmentSummary {
  const recent = [...items]
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))
    .slice(0, RECENT_APPOINTMENTS_SHOWN);
  return { upcoming: counts.upcoming, total: counts.upcoming + counts.completed, recent };
}
