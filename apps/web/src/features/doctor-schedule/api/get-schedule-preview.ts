import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import { authApi } from '../../../lib/api-client';
import { SCHEDULE_KEY } from './get-schedule';

/** GET /api/doctor/schedule/preview — the free slots the hours give, as patients see them. */
export async function getSchedulePreview(from: string, to: string) {
  const body = await authApi.get('/api/doctor/schedule/preview', { query: { from, to } });
  return availabilityResponseSchema.parse(body).data;
}

export const getSchedulePreviewQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...SCHEDULE_KEY, 'preview', from, to],
    queryFn: () => getSchedulePreview(from, to),
  });

export const useSchedulePreview = (from: string, to: string) =>
  useQuery(getSchedulePreviewQueryOptions(from, to));
