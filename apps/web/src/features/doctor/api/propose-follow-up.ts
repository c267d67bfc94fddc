import { useQueryClient } from '@tanstack/react-query';
import {
  followUpProposalResponseSchema,
  type FollowUpProposal,
  type ProposeFollowUp,
} from '@vizita/shared/contracts/follow-ups';
import { availabilityKeys, followUpKeys } from '../../../api/query-keys';
import { authApi, isApiError } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/doctor/appointments/:id/follow-ups — the doctor proposes a follow-up visit. */
export async function proposeFollowUp({
  appointmentId,
  proposal,
}: {
  appointmentId: string;
  doctorId: string;
  proposal: ProposeFollowUp;
}): Promise<FollowUpProposal> {
  const body = await authApi.post(
    `/api/doctor/appointments/${encodeURIComponent(appointmentId)}/follow-ups`,
    proposal,
  );
  return followUpProposalResponseSchema.parse(body).data;
}

/** The consultation's proposals load again; a time no longer free reloads the calendar. */
export function useProposeFollowUp() {
  const queryClient = useQueryClient();
  return useMutationAction(proposeFollowUp, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followUpKeys.all }),
    onError: (error, { doctorId }) =>
      isApiError(error) && error.statusCode === 409
        ? queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctorId) })
        : undefined,
  });
}
