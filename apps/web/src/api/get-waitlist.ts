import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  waitlistEntryListResponseSchema,
  type WaitlistEntry,
} from '@vizita/shared/contracts/waitlist';
import { authApi } from '../lib/api-client';
import { waitlistKeys } from './query-keys';

/**
 * GET /api/waitlist — the caller's earlier-time alerts, waiting ones first: the appointment cards
 * and the booking page show whether one waits, the alerts page lists them.
 */
export async function getWaitlist(): Promise<WaitlistEntry[]> {
  return waitlistEntryListResponseSchema.parse(await authApi.get('/api/waitlist')).data;
}

export function getWaitlistQueryOptions() {
  return queryOptions({ queryKey: waitlistKeys.list(), queryFn: getWaitlist });
}

/** One request for every card of a page: the query is shared by its key. */
export function useWaitlist() {
  return useQuery(getWaitlistQueryOptions());
}
