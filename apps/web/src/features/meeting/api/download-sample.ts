import { authApi } from '../../../lib/api-client';

/**
 * GET /api/meetings/connection-check/download?bytes=N — N random bytes from the server, for the
 * device check to time (bytes=0 is its round-trip probe). Resolves with how many arrived.
 */
export async function downloadSample(bytes: number, signal: AbortSignal): Promise<number> {
  const body = await authApi.get<unknown>('/api/meetings/connection-check/download', {
    query: { bytes },
    responseType: 'blob',
    signal,
  });
  return body instanceof Blob ? body.size : 0;
}
