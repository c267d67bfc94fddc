import { registerResponseSchema, type RegisterRequest } from '@vizita/shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /auth/register-minimal (spec §3 Registration payload; the repeat field is not sent). */
export async function registerAccount(
  input: RegisterRequest,
): Promise<{ emailValidationRequired: boolean }> {
  const body = await api.post('/auth/register-minimal', input);
  return registerResponseSchema.parse(body).data;
}

export function useRegister() {
  return useMutationAction(registerAccount);
}
