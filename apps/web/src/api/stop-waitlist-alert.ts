import { useQueryClient } from '@tanstack/react-query';
import { waitlistEntryResponseSchema, type WaitlistEntry } from '@vizita/shared/contracts/waitlist';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { waitlistKeys } from './query-keys';

/** DELETE /api/waitlist/:id — stops a waiting alert; no more offers come from it. */
export async function stopWaitlistAlert(entryId: string): Promise<WaitlistEntry> {
  return waitlistEntryResponseSchema.parse(
    await authApi.delete(`/api/waitlist/${encodeURIComponent(entryId)}`),
  ).data;
}

export function useStopWaitlistAlert() {
  const queryClient = useQueryClient();
  return useMutationAction(stopWaitlistAlert, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
