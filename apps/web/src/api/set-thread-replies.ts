import { useQueryClient } from '@tanstack/react-query';
import { threadSummaryResponseSchema } from '@vizita/shared/contracts/messages';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { messageKeys } from './query-keys';

/** PUT /api/messages/threads/:id/replies — the practice lets the patient write, or not. */
export async function setThreadReplies({
  threadId,
  patientMayReply,
}: {
  threadId: string;
  patientMayReply: boolean;
}) {
  const body = await authApi.put(`/api/messages/threads/${encodeURIComponent(threadId)}/replies`, {
    patientMayReply,
  });
  return threadSummaryResponseSchema.parse(body).data;
}

export function useSetThreadReplies() {
  const queryClient = useQueryClient();
  return useMutationAction(setThreadReplies, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
