import type { ChangePasswordRequest } from '@vizita/shared/contracts/auth';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /auth/change-password (spec §3 Change-password payload). The server signs out the
 * user's other devices; this one keeps its session.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await authApi.post('/auth/change-password', input, { refreshOnUnauthorized: true });
}

export function useChangePassword() {
  return useMutationAction(changePassword);
}
