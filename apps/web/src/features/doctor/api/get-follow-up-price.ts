import { queryOptions, useQuery } from '@tanstack/react-query';
import { followUpPriceResponseSchema } from '@vizita/shared/contracts/follow-ups';
import { followUpKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

/** GET /api/doctor/follow-ups/price — what a follow-up with this doctor costs (the clinic sets it). */
export async function getFollowUpPrice() {
  const body = await authApi.get('/api/doctor/follow-ups/price');
  return followUpPriceResponseSchema.parse(body).data;
}

export function useFollowUpPriceOfDoctor() {
  return useQuery(
    queryOptions({
      queryKey: [...followUpKeys.all, 'price'] as const,
      queryFn: getFollowUpPrice,
    }),
  );
}
