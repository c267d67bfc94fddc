import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/check-reset-token — 200 while the link is usable; does not consume it. */
export async function checkResetToken(token: string): Promise<void> {
  await api.post('/auth/check-reset-token', { token });
}

export function getCheckResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'check-reset-token', token],
    queryFn: () => checkResetToken(token).then(() => true),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useCheckResetToken(token: string | null) {
  return useQuery({ ...getCheckResetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
