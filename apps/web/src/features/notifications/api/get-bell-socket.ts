import { authApi } from '../../../lib/api-client';

/**
 * GET /api/notifications/socket — where this page opens its bell's socket: a URL with a
 * minute-long ticket, so the access token itself never rides in a URL. A read (it changes
 * nothing on the server), so every page's first write stays the one it makes itself.
 */
export async function getBellSocket(): Promise<{ url: string }> {
  const body = await authApi.get<{ data?: { url?: unknown } }>('/api/notifications/socket');
  const url = body?.data?.url;
  if (typeof url !== 'string' || !/^wss?:\/\//.test(url))
    throw new Error('Invalid response format');
  return { url };
}
