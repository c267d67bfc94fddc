import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import { api } from '../../../lib/api-client';

export interface DayQuery {
  doctorId: string;
  date: string;
}

export type DaySlot = { slot: string; startsAt: string };

/**
 * GET /api/availability?doctorId&date — that day's free slots: HH:MM on the doctor's wall clock
 * (what booking and rescheduling send) with the instant, to show it in the patient's own zone.
 */
export async function getDaySlots({ doctorId, date }: DayQuery): Promise<DaySlot[]> {
  const body = await api.get('/api/availability', { query: { doctorId, date } });
  const entries = availabilityResponseSchema.parse(body).data;
  return entries.find((entry) => entry.date === date)?.times ?? [];
}

/** A day's slots, under the ['availability', doctorId] key that a booking change invalidates. */
export function getDaySlotsQueryOptions(day: DayQuery) {
  return queryOptions({
    queryKey: ['availability', day.doctorId, 'day', day.date],
    queryFn: () => getDaySlots(day),
  });
}

/** The booking page's day, once one is chosen. */
export function useDaySlots(day: DayQuery | null) {
  return useQuery({
    ...getDaySlotsQueryOptions(day ?? { doctorId: '', date: '' }),
    enabled: day !== null,
  });
}
