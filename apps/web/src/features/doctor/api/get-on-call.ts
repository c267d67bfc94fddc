import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  onCallStateResponseSchema,
  QUEUE_POLL_MS,
  type OnCallState,
} from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';

/** Only the console reads the doctor's own "available now"; the clinic's list has its own key. */
export const ON_CALL_KEY = ['doctor', 'on-call'] as const;

/**
 * GET /api/doctor/on-call — until when the doctor is available now, how many patients wait whom
 * she could take, and the on-demand call she is in, if any.
 */
export async function getOnCall(): Promise<OnCallState> {
  return onCallStateResponseSchema.parse(await authApi.get('/api/doctor/on-call')).data;
}

/** Asked every QUEUE_POLL_MS while she is available: patients join the queue at any moment. */
export function getOnCallQueryOptions() {
  return queryOptions({
    queryKey: ON_CALL_KEY,
    queryFn: getOnCall,
    refetchInterval: (query) => (query.state.data?.until ? QUEUE_POLL_MS : false),
  });
}

export function useOnCall() {
  return useQuery(getOnCallQueryOptions());
}
