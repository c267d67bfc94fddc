import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { clearSession } from '../session-store';

/** POST /auth/logout: the server revokes the session and clears the refresh cookie. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

/**
 * Signs out; the local session is cleared even when the server call fails (spec §4). The query
 * cache of the signed-in screens goes with them: it lives in their layout, which a signed-out
 * session leaves (ADR 0010).
 */
async function signOut(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Logout request failed:', error instanceof Error ? error.message : error);
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useMutationAction(signOut);
}
