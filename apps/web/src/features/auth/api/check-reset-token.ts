import { api } from '../../../lib/api-client';
import { useMutationActionOnMount } from '../../../lib/use-mutation-action';

/** POST /auth/check-reset-token — 200 while the link is usable; does not consume it. */
export async function checkResetToken(token: string): Promise<void> {
  await api.post('/auth/check-reset-token', { token });
}

/** Checked once as the reset page opens; the form shows only for a usable link. */
export function useCheckResetToken(token: string | null) {
  return useMutationActionOnMount(checkResetToken, token);
}
