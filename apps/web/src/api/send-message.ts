import { useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Message } from '@vizita/shared/contracts/messages';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { messageKeys } from './query-keys';

const path = (threadId: string) => `/api/messages/threads/${encodeURIComponent(threadId)}`;

/** POST /api/messages/threads/:id/messages — a text. */
export async function sendMessage({
  threadId,
  text,
}: {
  threadId: string;
  text: string;
}): Promise<Message> {
  return messageResponseSchema.parse(await authApi.post(`${path(threadId)}/messages`, { text }))
    .data;
}

/**
 * POST /api/messages/threads/:id/attachments?fileName= — one file as a message of its own: the
 * file itself is the body, its type in Content-Type (PDF, PNG or JPEG, checked by the server).
 */
export async function sendAttachment({
  threadId,
  file,
}: {
  threadId: string;
  file: File;
}): Promise<Message> {
  const body = await authApi.post(`${path(threadId)}/attachments`, file, {
    query: { fileName: file.name },
  });
  return messageResponseSchema.parse(body).data;
}

/**
 * What the composer sends: the text first, then each file as a message of its own. Everything
 * about messages loads again afterwards (the thread, the lists' counts).
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutationAction(
    async ({ threadId, text, files }: { threadId: string; text: string; files: File[] }) => {
      if (text.trim()) await sendMessage({ threadId, text });
      for (const file of files) await sendAttachment({ threadId, file });
    },
    { onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }) },
  );
}
