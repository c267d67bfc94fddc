import { authApi } from '../lib/api-client';

/**
 * GET /api/messages/threads/:id/attachments/:attachmentId — the file through the API client (it
 * carries the bearer token; a plain link could not), as a Blob of the type the server checked.
 * There is never a public URL to it.
 */
export function getMessageAttachment(threadId: string, attachmentId: string): Promise<Blob> {
  return authApi.get<Blob>(
    `/api/messages/threads/${encodeURIComponent(threadId)}/attachments/${encodeURIComponent(attachmentId)}`,
    { responseType: 'blob' },
  );
}
