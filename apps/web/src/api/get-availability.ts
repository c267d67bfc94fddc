import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  availabilityResponseSchema,
  type AvailabilityEntry,
} from '@vizita/shared/contracts/doctors';
import { api } from '../lib/api-client';
import { availabilityKeys } from './query-keys';

export interface AvailabilityRange {
  doctorId: string;
  startDate: string;
  endDate: string;
}

/**
 * GET /api/availability?doctorId&startDate&endDate — the days with at least one free slot, in the
 * doctor's calendar (spec §7; the server already removed held and past slots).
 */
export async function getAvailability(range: AvailabilityRange): Promise<AvailabilityEntry[]> {
  const body = await api.get('/api/availability', { query: { ...range } });
  return availabilityResponseSchema.parse(body).data;
}

/** Under `availabilityKeys.doctor`, so a taken slot refreshes every view of the doctor. */
export function getAvailabilityQueryOptions(range: AvailabilityRange) {
  return queryOptions({
    queryKey: availabilityKeys.range(range),
    queryFn: () => getAvailability(range),
  });
}

export function useAvailability(range: AvailabilityRange | null) {
  return useQuery({
    ...getAvailabilityQueryOptions(range ?? { doctorId: '', startDate: '', endDate: '' }),
    enabled: range !== null,
  });
}
