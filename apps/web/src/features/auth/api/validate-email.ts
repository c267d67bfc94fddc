import { queryOptions, useQuery } from '@tanstack/react-query';
import { validateEmailResponseSchema } from '@vizita/shared/contracts/auth';
import { api } from '../../../lib/api-client';

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
 * A query, not a mutation, although it is a POST: the link is used once, so the one result is
 * cached for the page's life and a remount (React's strict mode) does not send it twice.
 */
export function getValidateEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'validate-email', token],
    queryFn: () => validateEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useValidateEmail(token: string | null) {
  return useQuery({ ...getValidateEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
