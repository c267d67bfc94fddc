import type { EmailOnlyRequest } from '@vizita/shared/contracts/auth';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /auth/resend-validation-email — answers 200 for any well-formed address. */
export async function resendValidationEmail(input: EmailOnlyRequest): Promise<void> {
  await api.post('/auth/resend-validation-email', { email: normalizeEmail(input.email) });
}

export function useResendValidationEmail() {
  return useMutationAction(resendValidationEmail);
}
