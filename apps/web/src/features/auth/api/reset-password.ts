import type { ResetPasswordRequest } from '@vizita/shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /auth/reset-password, made without the session (spec §6). */
export async function resetPassword(input: ResetPasswordRequest): Promise<void> {
  await api.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutationAction(resetPassword);
}
