import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  APPOINTMENTS_PAGE_MAX,
  ownAppointmentListResponseSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { authApi } from '../../../lib/api-client';

/**
 * GET /api/appointments?status=upcoming — for a doctor, the appointments they hold, soonest first,
 * with each patient's name (the server fills `patient` for the appointment's doctor only).
 */
export async function getDoctorAppointments(): Promise<Appointment[]> {
  const body = await authApi.get('/api/appointments', {
    query: { status: 'upcoming', order: 'asc', limit: APPOINTMENTS_PAGE_MAX },
  });
  return ownAppointmentListResponseSchema.parse(body).data;
}

export function getDoctorAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: ['appointments', 'doctor'],
    queryFn: getDoctorAppointments,
    // A patient may book or cancel at any moment: the list stays fresh while it is open.
    refetchInterval: 60_000,
  });
}

export function useDoctorAppointments() {
  return useQuery(getDoctorAppointmentsQueryOptions());
}
