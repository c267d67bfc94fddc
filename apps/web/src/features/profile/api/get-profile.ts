import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponseSchema, type Profile } from '@vizita/shared/contracts/profile';
import { authApi } from '../../../lib/api-client';

/** GET /auth/profile — the signed-in user's profile (spec §3 Profile). */
export async function getProfile(): Promise<Profile> {
  const body = await authApi.get('/auth/profile', { refreshOnUnauthorized: true });
  return profileResponseSchema.parse(body).data;
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: getProfile });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
