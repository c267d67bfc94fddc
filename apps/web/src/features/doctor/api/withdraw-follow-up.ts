import { useQueryClient } from '@tanstack/react-query';
import {
  followUpProposalResponseSchema,
  type FollowUpProposal,
} from '@vizita/shared/contracts/follow-ups';
import { followUpKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/follow-ups/:id/withdraw — the doctor takes an unanswered proposal back. */
export async function withdrawFollowUp(id: string): Promise<FollowUpProposal> {
  const body = await authApi.post(`/api/follow-ups/${encodeURIComponent(id)}/withdraw`);
  return followUpProposalResponseSchema.parse(body).data;
}

/** Whatever the answer (withdrawn, or accepted meanwhile), the proposals load again. */
export function useWithdrawFollowUp() {
  const queryClient = useQueryClient();
  return useMutationAction(withdrawFollowUp, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: followUpKeys.all }),
  });
}
