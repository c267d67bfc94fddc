import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { notificationKeys } from './get-notifications';

/** POST /api/notifications/:id/read — one of the reader's own, read now. */
export async function markNotificationRead(id: string): Promise<void> {
  await authApi.post(`/api/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /api/notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  await authApi.post('/api/notifications/read-all');
}

/** Either mark; the bell and the list are fetched again (other tabs hear it on their socket). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutationAction(markNotificationRead, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutationAction(markAllNotificationsRead, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
