import { queryOptions, useQuery } from '@tanstack/react-query';
import { dependantListResponseSchema, type Dependant } from '@vizita/shared/contracts/family';
import { authApi } from '../lib/api-client';
import { dependantKeys } from './query-keys';

/**
 * GET /api/dependants — the people in the caller's account (issue #22, ADR 0043): the family page
 * lists them, the booking dialog offers those the holder may book for.
 */
export async function getDependants(): Promise<Dependant[]> {
  const body = await authApi.get('/api/dependants');
  return dependantListResponseSchema.parse(body).data;
}

export function getDependantsQueryOptions() {
  return queryOptions({ queryKey: dependantKeys.all, queryFn: getDependants });
}

export function useDependants() {
  return useQuery(getDependantsQueryOptions());
}
