import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: importing the contract module at run time would bring its zod schemas along.
import type { Appointment, AppointmentCounts } from '@vizita/shared/contracts/appointments';
import { getOwnAppointments } from '../../../api/get-own-appointments';
import { appointmentKeys } from '../../../api/query-keys';

/** What the dashboard shows of an appointment; a field renamed in the contract fails here. */
export type AppointmentSummaryItem = Pick<
  Appointment,
  '_id' | 'date' | 'slot' | 'startsAt' | 'status' | 'plan'
> & { doctorId: Pick<Appointment['doctorId'], 'name'> };

const STATUSES = {
  upcoming: true,
  completed: true,
  no_show: true,
  cancelled: true,
} as const satisfies Record<Appointment['status'], true>;

const isStatus = (value: unknown): value is Appointment['status'] =>
  typeof value === 'string' && Object.hasOwn(STATUSES, value);

const PLANS = {
  consultation: true,
  prescription: true,
  'follow-up': true,
  'on-demand': true,
} as const satisfies Record<Appointment['plan'], true>;

/** A plan this build does not know reads as a consultation: a time with the doctor. */
const planOf = (value: unknown): Appointment['plan'] =>
  typeof value === 'string' && Object.hasOwn(PLANS, value)
    ? (value as Appointment['plan'])
    : 'consultation';

function readItem(item: unknown): AppointmentSummaryItem | null {
  if (typeof item !== 'object' || item === null) return null;
  const a = item as Record<string, unknown>;
  const doctor = a.doctorId as Record<string, unknown> | null | undefined;
  if (
    typeof a._id !== 'string' ||
    typeof a.date !== 'string' ||
    typeof a.slot !== 'string' ||
    typeof a.startsAt !== 'string' ||
    !isStatus(a.status) ||
    typeof doctor?.name !== 'string'
  ) {
    return null;
  }
  return {
    _id: a._id,
    date: a.date,
    slot: a.slot,
    startsAt: a.startsAt,
    status: a.status,
    plan: planOf(a.plan),
    doctorId: { name: doctor.name },
  };
}

/** What the dashboard reads of one GET /api/appointments answer. */
export interface DashboardAppointments {
  /** Newest first, as the call asked for them. */
  items: AppointmentSummaryItem[];
  /** Over all of the caller's appointments, whatever the page holds (the stat cards). */
  counts: AppointmentCounts;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readCounts(value: unknown): AppointmentCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const { upcoming, completed, cancelled, no_show = 0 } = value as Record<string, unknown>;
  if (!isCount(upcoming) || !isCount(completed) || !isCount(cancelled) || !isCount(no_show))
    return null;
  return { upcoming, completed, no_show, cancelled };
}

/**
 * A GET /api/appointments answer, checked field by field for what the dashboard shows. Not with
 * the shared zod schema on purpose: zod's modules are shared with the welcome page's chunk, so
 * every zod feature that schema uses (unions, arrays, numbers, uuid) would be paid for by every
 * first visit to `/` — measured 1.1 KB of its 150 KB budget. An answer without a list or without
 * the counts is an error ("Invalid response format", spec §8).
 */
export function readAppointments(body: unknown): DashboardAppointments {
  const { data, counts } = (body ?? {}) as { data?: unknown; counts?: unknown };
  const read = readCounts(counts);
  if (!Array.isArray(data) || !read) throw new Error('Invalid response format');
  return { items: data.map(readItem).filter((item) => item !== null), counts: read };
}

/** Spec §7, §9: the dashboard asks for 5 appointments, newest first (it shows 3). */
export const DASHBOARD_APPOINTMENTS_LIMIT = 5;

const DASHBOARD_REQUEST = { order: 'desc', limit: DASHBOARD_APPOINTMENTS_LIMIT } as const;

/**
 * GET /api/appointments?order=desc&limit=5 — the signed-in patient's latest appointments and the
 * counts by status over all of them (spec §7).
 */
export async function getAppointments(): Promise<DashboardAppointments> {
  return getOwnAppointments(DASHBOARD_REQUEST, readAppointments);
}

/**
 * Keyed under `appointmentKeys.all` like every list of the caller's appointments, so that booking,
 * cancelling or rescheduling (which invalidate that key) refresh the dashboard too.
 */
export function getAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: appointmentKeys.dashboard(DASHBOARD_REQUEST),
    queryFn: getAppointments,
  });
}

export function useAppointments() {
  return useQuery(getAppointmentsQueryOptions());
}
