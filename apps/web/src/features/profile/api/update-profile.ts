import { useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@vizita/shared/contracts/profile';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { getProfileQueryOptions } from './get-profile';

/** PUT /auth/profile (spec §3 Profile update payload: empty fields are left out). */
export async function updateProfile(input: UpdateProfileRequest): Promise<void> {
  await authApi.put('/auth/profile', input, { refreshOnUnauthorized: true });
}

/** Spec §7: the profile is fetched again after an update. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutationAction(updateProfile, {
    // Awaited: the call settles once the profile is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey }),
  });
}
