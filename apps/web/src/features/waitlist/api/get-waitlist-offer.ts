import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitlistOfferResponseSchema, type WaitlistOffer } from '@vizita/shared/contracts/waitlist';
import { waitlistKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

/** GET /api/waitlist/offers/:id — a freed time offered to the caller, with what it is now. */
export async function getWaitlistOffer(offerId: string): Promise<WaitlistOffer> {
  return waitlistOfferResponseSchema.parse(
    await authApi.get(`/api/waitlist/offers/${encodeURIComponent(offerId)}`),
  ).data;
}

export function getWaitlistOfferQueryOptions(offerId: string) {
  return queryOptions({
    queryKey: waitlistKeys.offer(offerId),
    queryFn: () => getWaitlistOffer(offerId),
  });
}

export function useWaitlistOffer(offerId: string) {
  return useQuery(getWaitlistOfferQueryOptions(offerId));
}
