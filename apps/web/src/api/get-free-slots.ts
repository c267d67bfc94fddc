import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import { api } from '../lib/api-client';
import { availabilityKeys } from './query-keys';

export interface FreeSlotsQuery {
  doctorId: string;
  /** A day in the doctor's calendar, YYYY-MM-DD. */
  date: string;
}

/** A free slot: HH:MM on the doctor's wall clock (what a booking sends) and its instant. */
export type FreeSlot = { slot: string; startsAt: string };

/**
 * GET /api/availability?doctorId&date — the doctor's free slots that day (the server already
 * removed held and past slots), as a patient books or reschedules and as the staff who create a
 * consultation for someone see them; the instant shows each in the viewer's own zone.
 */
export async function getFreeSlots({ doctorId, date }: FreeSlotsQuery): Promise<FreeSlot[]> {
  const body = await api.get('/api/availability', { query: { doctorId, date } });
  return availabilityResponseSchema.parse(body).data.find((d) => d.date === date)?.times ?? [];
}

/** Under `availabilityKeys.doctor`, the key a booking (or a created consultation) invalidates. */
export function freeSlotsQueryOptions(day: FreeSlotsQuery) {
  return queryOptions({
    queryKey: availabilityKeys.day(day),
    queryFn: () => getFreeSlots(day),
  });
}

/** A day's free slots, once a doctor and a day are chosen. */
export function useFreeSlots(day: FreeSlotsQuery | null) {
  return useQuery({
    ...freeSlotsQueryOptions(day ?? { doctorId: '', date: '' }),
    enabled: day !== null,
  });
}
