import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentResponseSchema, type Appointment } from '@vizita/shared/contracts/appointments';
import { authApi } from '../lib/api-client';
import { appointmentKeys } from './query-keys';

/**
 * GET /api/appointments/:id — one of the caller's appointments (spec §7): the booking outcome and
 * the meeting page read it.
 */
export async function getAppointment(id: string): Promise<Appointment> {
  const body = await authApi.get(`/api/appointments/${encodeURIComponent(id)}`);
  return appointmentResponseSchema.parse(body).data;
}

/**
 * Keyed under `appointmentKeys.all` with the lists, so that a change to appointments (a
 * cancellation) refreshes it too.
 */
export function getAppointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => getAppointment(id),
  });
}

export function useAppointment(id: string) {
  return useQuery(getAppointmentQueryOptions(id));
}
