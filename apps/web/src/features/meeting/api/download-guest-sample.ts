import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/** GET /api/guest/connection-check/download?bytes=N — the guest's download sample (see downloadSample). */
export async function downloadGuestSample(bytes: number, signal: AbortSignal): Promise<number> {
  const body = await api.get<unknown>('/api/guest/connection-check/download', {
    query: { bytes },
    responseType: 'blob',
    signal,
    ...GUEST_CALL,
  });
  return body instanceof Blob ? body.size : 0;
}
