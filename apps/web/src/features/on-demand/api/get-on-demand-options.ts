import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  onDemandOptionsResponseSchema,
  type OnDemandOptions,
} from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';
import { onDemandKeys } from './query-keys';

/**
 * GET /api/on-demand/options — the clinic's on-demand fee, the longest wait before a refund, and
 * the specialties and languages of the doctors available now.
 */
export async function getOnDemandOptions(): Promise<OnDemandOptions> {
  return onDemandOptionsResponseSchema.parse(await authApi.get('/api/on-demand/options')).data;
}

export function getOnDemandOptionsQueryOptions() {
  return queryOptions({ queryKey: onDemandKeys.options(), queryFn: getOnDemandOptions });
}

export function useOnDemandOptions() {
  return useQuery(getOnDemandOptionsQueryOptions());
}
