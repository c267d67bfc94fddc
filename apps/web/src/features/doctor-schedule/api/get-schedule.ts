import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorWeekScheduleResponseSchema } from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';

// Every read of this page lives under one key, so a change refreshes the hours and the preview.
export const SCHEDULE_KEY = ['doctor-schedule'] as const;

/** GET /api/doctor/schedule — the doctor's weekly hours and upcoming changes. */
export async function getSchedule() {
  return doctorWeekScheduleResponseSchema.parse(await authApi.get('/api/doctor/schedule')).data;
}

export const getScheduleQueryOptions = () =>
  queryOptions({ queryKey: SCHEDULE_KEY, queryFn: getSchedule });

export const useSchedule = () => useQuery(getScheduleQueryOptions());
