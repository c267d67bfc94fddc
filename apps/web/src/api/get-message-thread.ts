import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  threadResponseSchema,
  threadSummaryResponseSchema,
  type Thread,
  type ThreadSummary,
} from '@vizita/shared/contracts/messages';
import { authApi } from '../lib/api-client';
import { messageKeys } from './query-keys';

/** How often an open thread asks whether a message arrived (its summary: no text, no audit). */
export const THREAD_POLL_MS = 15_000;

const path = (threadId: string) => `/api/messages/threads/${encodeURIComponent(threadId)}`;

/**
 * GET /api/messages/threads/:id — a page of messages, oldest first (`before`: the older page).
 * The practice's every read is audited for the patient's "who saw my data", so this is fetched
 * when there is something to read — opening the thread, a new message — not on a timer.
 */
export async function getMessageThread(threadId: string, before?: string): Promise<Thread> {
  const body = await authApi.get(path(threadId), { query: { before } });
  return threadResponseSchema.parse(body).data;
}

export function messageThreadQueryOptions(threadId: string) {
  return infiniteQueryOptions({
    queryKey: messageKeys.thread(threadId),
    queryFn: ({ pageParam }) => getMessageThread(threadId, pageParam),
    initialPageParam: undefined as string | undefined,
    // Pages go back in time: the next one is before the oldest message shown.
    getNextPageParam: (page) =>
      page.hasOlder && page.messages[0] ? page.messages[0].createdAt : undefined,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useMessageThread(threadId: string) {
  return useInfiniteQuery(messageThreadQueryOptions(threadId));
}

/** GET /api/messages/threads/:id/summary — the thread without its messages. */
export async function getMessageThreadSummary(threadId: string): Promise<ThreadSummary> {
  return threadSummaryResponseSchema.parse(await authApi.get(`${path(threadId)}/summary`)).data;
}

export function messageThreadSummaryQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: messageKeys.summary(threadId),
    queryFn: () => getMessageThreadSummary(threadId),
  });
}

/** Polled while the thread is open: its `lastMessageAt` tells that a message has arrived. */
export function useMessageThreadSummary(threadId: string) {
  return useQuery({
    ...messageThreadSummaryQueryOptions(threadId),
    refetchInterval: THREAD_POLL_MS,
  });
}
