import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  doctorScheduleResponseSchema,
  type ScheduleEntry,
} from '@vizita/shared/contracts/doctor-console';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

export type DoctorSchedule = { timeZone: string; appointments: ScheduleEntry[] };

/** GET /api/doctor/appointments?from&to — the doctor's own appointments, days in their zone. */
export async function getDoctorSchedule(from: string, to: string): Promise<DoctorSchedule> {
  const body = await authApi.get('/api/doctor/appointments', { query: { from, to } });
  return doctorScheduleResponseSchema.parse(body).data;
}

/** Under `appointmentKeys.all` so that a cancellation or an outcome refreshes the schedule too. */
export function doctorScheduleQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: appointmentKeys.doctorSchedule(from, to),
    queryFn: () => getDoctorSchedule(from, to),
    // Patients book, cancel and arrive in the waiting room at any moment: it stays fresh.
    refetchInterval: 30_000,
  });
}

export function useDoctorSchedule(from: string, to: string) {
  return useQuery({ ...doctorScheduleQueryOptions(from, to), placeholderData: keepPreviousData });
}
