import type { EmailOnlyRequest } from '@vizita/shared/contracts/auth';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /auth/forgot-password with the e-mail lower-cased and trimmed (spec §7). */
export async function requestPasswordReset(input: EmailOnlyRequest): Promise<void> {
  await api.post('/auth/forgot-password', { email: normalizeEmail(input.email) });
}

export function useForgotPassword() {
  return useMutationAction(requestPasswordReset);
}
