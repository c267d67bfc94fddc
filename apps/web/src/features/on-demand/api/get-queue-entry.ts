import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  QUEUE_POLL_MS,
  queueEntryResponseSchema,
  type QueueEntry,
  type QueueState,
} from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';
import { onDemandKeys } from './query-keys';

/** While she pays or waits, her place changes without her doing anything: it is asked again. */
const CHANGING: ReadonlySet<QueueState> = new Set(['paying', 'waiting']);

export const isChanging = (state: QueueState) => CHANGING.has(state);

/**
 * GET /api/on-demand/:appointmentId — her place in the queue. Asked while the checkout's payment
 * is still being confirmed, the server fulfils it first, so the page only has to ask again.
 */
export async function getQueueEntry(appointmentId: string): Promise<QueueEntry> {
  return queueEntryResponseSchema.parse(
    await authApi.get(`/api/on-demand/${encodeURIComponent(appointmentId)}`),
  ).data;
}

/**
 * Asked every QUEUE_POLL_MS while paying or waiting — also in a background tab: a doctor who took
 * her is waiting in the room. `poll: false` reads it once (a checkout she left).
 */
export function getQueueEntryQueryOptions(appointmentId: string, poll = true) {
  return queryOptions({
    queryKey: onDemandKeys.entry(appointmentId),
    queryFn: () => getQueueEntry(appointmentId),
    refetchInterval: (query) =>
      poll && query.state.data && isChanging(query.state.data.state) ? QUEUE_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}

export function useQueueEntry(appointmentId: string, { poll = true, enabled = true } = {}) {
  return useQuery({ ...getQueueEntryQueryOptions(appointmentId, poll), enabled });
}
