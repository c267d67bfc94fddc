import { useQueryClient } from '@tanstack/react-query';
import {
  acceptFollowUpResponseSchema,
  type AcceptFollowUpResult,
} from '@vizita/shared/contracts/follow-ups';
import { appointmentKeys, availabilityKeys, followUpKeys } from '../../../api/query-keys';
import { authApi, isApiError } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /api/follow-ups/:id/accept — takes one of the proposal's times: booked at once when the
 * visit is free, else held for the checkout whose address is answered.
 */
export async function acceptFollowUp({
  id,
  startsAt,
}: {
  id: string;
  startsAt: string;
  doctorId: string;
}): Promise<AcceptFollowUpResult> {
  const body = await authApi.post(`/api/follow-ups/${encodeURIComponent(id)}/accept`, {
    startsAt,
  });
  return acceptFollowUpResponseSchema.parse(body).data;
}

/**
 * A booked visit belongs in every list of the patient's appointments; a refusal (a time taken
 * meanwhile, a proposal withdrawn) reloads the proposal, so what it shows is true again.
 */
export function useAcceptFollowUp() {
  const queryClient = useQueryClient();
  const refresh = (doctorId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: followUpKeys.all }),
      queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctorId) }),
    ]);
  return useMutationAction(acceptFollowUp, {
    onSuccess: async (result, { doctorId }) => {
      // The checkout leaves the app; only a visit booked here changes what it shows.
      if (result.outcome === 'booked')
        await Promise.all([
          refresh(doctorId),
          queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        ]);
    },
    onError: (error, { doctorId }) => (isApiError(error) ? refresh(doctorId) : undefined),
  });
}
