import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: importing the contract module at run time would bring its zod schemas along.
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { authApi } from '../../../lib/api-client';

/** What the dashboard shows of an appointment; a field renamed in the contract fails here. */
export type AppointmentSummaryItem = Pick<
  Appointment,
  '_id' | 'date' | 'slot' | 'startsAt' | 'status'
> & { doctorId: Pick<Appointment['doctorId'], 'name'> };

const STATUSES = {
  upcoming: true,
  completed: true,
  cancelled: true,
} as const satisfies Record<Appointment['status'], true>;

const isStatus = (value: unknown): value is Appointment['status'] =>
  typeof value === 'string' && Object.hasOwn(STATUSES, value);

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
    doctorId: { name: doctor.name },
  };
}

/**
 * The `data` of a GET /api/appointments answer, checked field by field for what the dashboard
 * shows. Not with the shared zod schema on purpose: zod's modules are shared with the welcome
 * page's chunk, so every zod feature that schema uses (unions, arrays, numbers, uuid) would be
 * paid for by every first visit to `/` — measured 1.1 KB of its 150 KB budget. An answer that is
 * not a list is an error ("Invalid response format", spec §8).
 */
export function readAppointments(body: unknown): AppointmentSummaryItem[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('Invalid response format');
  return data.map(readItem).filter((item) => item !== null);
}

/** GET /api/appointments — the signed-in patient's own appointments (spec §7). */
export async function getAppointments(): Promise<AppointmentSummaryItem[]> {
  return readAppointments(await authApi.get('/api/appointments'));
}

/**
 * Keyed ['appointments'] like every list of the caller's appointments, so that booking,
 * cancelling or rescheduling (which invalidate that key) refresh the dashboard too.
 */
export function getAppointmentsQueryOptions() {
  return queryOptions({ queryKey: ['appointments'], queryFn: getAppointments });
}

export function useAppointments() {
  return useQuery(getAppointmentsQueryOptions());
}
