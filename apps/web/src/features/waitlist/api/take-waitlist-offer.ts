import { useQueryClient } from '@tanstack/react-query';
import {
  takeWaitlistOfferResponseSchema,
  type TakeWaitlistOfferRequest,
  type TakeWaitlistOfferResult,
} from '@vizita/shared/contracts/waitlist';
import { appointmentKeys, availabilityKeys, waitlistKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

export type TakeOfferInput = TakeWaitlistOfferRequest & { offerId: string };

/**
 * POST /api/waitlist/offers/:id/take — the appointment moves to the offered time (nothing more to
 * pay), or, without one, the time is held for the checkout.
 */
export async function takeWaitlistOffer({
  offerId,
  ...body
}: TakeOfferInput): Promise<TakeWaitlistOfferResult> {
  return takeWaitlistOfferResponseSchema.parse(
    await authApi.post(`/api/waitlist/offers/${encodeURIComponent(offerId)}/take`, body),
  ).data;
}

/** Taken or not (someone was quicker), the offer, the alerts and the appointments load again. */
export function useTakeWaitlistOffer() {
  const queryClient = useQueryClient();
  return useMutationAction(takeWaitlistOffer, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
      ]),
  });
}
