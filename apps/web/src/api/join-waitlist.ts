import { useQueryClient } from '@tanstack/react-query';
import {
  waitlistEntryResponseSchema,
  type JoinWaitlistRequest,
  type WaitlistEntry,
} from '@vizita/shared/contracts/waitlist';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { waitlistKeys } from './query-keys';

/** POST /api/waitlist — "tell me if something earlier frees up" for an appointment or a doctor. */
export async function joinWaitlist(input: JoinWaitlistRequest): Promise<WaitlistEntry> {
  return waitlistEntryResponseSchema.parse(await authApi.post('/api/waitlist', input)).data;
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutationAction(joinWaitlist, {
    // Also after a refusal (already waiting): the list on screen was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
