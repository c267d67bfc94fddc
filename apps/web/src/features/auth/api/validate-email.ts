import { validateEmailResponseSchema } from '@vizita/shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { useMutationActionOnMount } from '../../../lib/use-mutation-action';

/** POST /auth/validate-email?token= — answers whether the address was validated before. */
export async function validateEmail(token: string): Promise<{ alreadyValidated: boolean }> {
  const body = await api.post('/auth/validate-email', undefined, { query: { token } });
  const parsed = validateEmailResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.data;
  // Spec §7: older answers only say so in the message.
  const message = (body as { message?: unknown } | null)?.message;
  return {
    alreadyValidated: typeof message === 'string' && message.includes('already validated'),
  };
}

/**
 * Sent once as the page opens, and the answer kept while it is shown. Once also under React's
 * strict mode, which runs the page's effects twice: the link is used once, and a second send
 * would answer "already validated".
 */
export function useValidateEmail(token: string | null) {
  return useMutationActionOnMount(validateEmail, token);
}
