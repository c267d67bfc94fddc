import { useQuery } from '@tanstack/react-query';
import { doctorWeekScheduleResponseSchema } from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { ADMIN_KEY } from './query-keys';

/** GET /api/admin/doctors/:id/schedule — the doctor's weekly hours and changes from today. */
export const getDoctorSchedule = async (id: string) =>
  doctorWeekScheduleResponseSchema.parse(
    await authApi.get(`/api/admin/doctors/${encodeURIComponent(id)}/schedule`),
  ).data;

export const getDoctorScheduleQueryOptions = (id: string) => ({
  queryKey: [...ADMIN_KEY, 'schedule', id] as const,
  queryFn: () => getDoctorSchedule(id),
});

export const useDoctorSchedule = (id: string) => useQuery(getDoctorScheduleQueryOptions(id));
