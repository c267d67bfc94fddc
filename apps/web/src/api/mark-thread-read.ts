import { useQueryClient } from '@tanstack/react-query';
import { markReadResponseSchema } from '@vizita/shared/contracts/messages';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { messageKeys } from './query-keys';

/** POST /api/messages/threads/:id/read — read up to the newest message shown. */
export async function markThreadRead({ threadId, upTo }: { threadId: string; upTo: string }) {
  const body = await authApi.post(`/api/messages/threads/${encodeURIComponent(threadId)}/read`, {
    upTo,
  });
  return markReadResponseSchema.parse(body).data;
}

/** The lists' unread counts and the thread's summary load again; the messages stay as shown. */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutationAction(markThreadRead, {
    onSuccess: (_data, { threadId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.list() }),
        queryClient.invalidateQueries({ queryKey: messageKeys.summary(threadId) }),
      ]),
  });
}
