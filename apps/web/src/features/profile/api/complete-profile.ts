import { useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileRequest } from '@vizita/shared/contracts/profile';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { getProfileQueryOptions } from './get-profile';

/** PUT /auth/complete-profile (spec §3 Complete-profile payload). */
export async function completeProfile(input: CompleteProfileRequest): Promise<void> {
  await authApi.put('/auth/complete-profile', input, { refreshOnUnauthorized: true });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutationAction(completeProfile, {
    // Awaited: the call settles once the profile is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
  });
}
