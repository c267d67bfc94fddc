import { useQueryClient } from '@tanstack/react-query';
import { queueEntryResponseSchema, type QueueEntry } from '@vizita/shared/contracts/on-demand';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { onDemandKeys } from './query-keys';

/** POST /api/on-demand/:appointmentId/leave — she leaves the queue and is refunded in full. */
export async function leaveQueue(appointmentId: string): Promise<QueueEntry> {
  return queueEntryResponseSchema.parse(
    await authApi.post(`/api/on-demand/${encodeURIComponent(appointmentId)}/leave`),
  ).data;
}

/**
 * The answer is her entry as it is now (`left`, with the next free times): the page shows it at
 * once. Refused (a doctor took her meanwhile), the entry is read again; either way her
 * appointments and payments changed.
 */
export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutationAction(leaveQueue, {
    onSuccess: (entry, appointmentId) =>
      queryClient.setQueryData(onDemandKeys.entry(appointmentId), entry),
    onSettled: (_entry, error, appointmentId) =>
      Promise.all([
        error
          ? queryClient.invalidateQueries({ queryKey: onDemandKeys.entry(appointmentId) })
          : null,
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      ]),
  });
}
