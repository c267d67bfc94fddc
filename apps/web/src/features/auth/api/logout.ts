import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../session-store';

/** POST /auth/logout: the server revokes the session and clears the refresh cookie. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

/** Signs out; the local session is cleared even when the server call fails (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.warn('Logout request failed:', error instanceof Error ? error.message : error);
      } finally {
        clearSession();
        queryClient.clear();
      }
    },
  });
}
