import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { threadListResponseSchema, type ThreadList } from '@vizita/shared/contracts/messages';
import { authApi } from '../lib/api-client';
import { messageKeys } from './query-keys';

/** How often an open list looks for new messages: a conversation's pace, not a chat's. */
export const THREADS_POLL_MS = 30_000;

/**
 * GET /api/messages/threads — the caller's conversations with a message, newest first: the
 * patient's own, the doctor's patients', or the clinic's; a page per `before`.
 */
export async function getMessageThreads(before?: string): Promise<ThreadList> {
  const body = await authApi.get('/api/messages/threads', { query: { before } });
  return threadListResponseSchema.parse(body).data;
}

export function messageThreadsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: messageKeys.list(),
    queryFn: ({ pageParam }) => getMessageThreads(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** The list, refreshed while it is shown. Counts and previews carry no message text. */
export function useMessageThreads({ poll = true }: { poll?: boolean } = {}) {
  return useInfiniteQuery({
    ...messageThreadsQueryOptions(),
    refetchInterval: poll ? THREADS_POLL_MS : false,
  });
}
