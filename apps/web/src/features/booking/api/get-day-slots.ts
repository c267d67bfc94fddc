import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import { api } from '../../../lib/api-client';

export interface DayQuery {
  doctorId: string;
  date: string;
}

/** GET /api/availability?doctorId&date — that day's free slots (HH:MM, doctor's wall clock). */
export async function getDaySlots({ doctorId, date }: DayQuery): Promise<string[]> {
  const body = await api.get('/api/availability', { query: { doctorId, date } });
  const entries = availabilityResponseSchema.parse(body).data;
  return entries.find((entry) => entry.date === date)?.slots ?? [];
}

export function getDaySlotsQueryOptions(day: DayQuery) {
  return queryOptions({
    queryKey: ['availability', day.doctorId, 'day', day.date],
    queryFn: () => getDaySlots(day),
  });
}

export function useDaySlots(day: DayQuery | null) {
  return useQuery({
    ...getDaySlotsQueryOptions(day ?? { doctorId: '', date: '' }),
    enabled: day !== null,
  });
}
