import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  followUpProposalListResponseSchema,
  type FollowUpProposal,
} from '@vizita/shared/contracts/follow-ups';
import { authApi } from '../lib/api-client';
import { followUpKeys } from './query-keys';

/**
 * GET /api/follow-ups?appointmentId — the follow-up visits proposed after one consultation, as
 * the caller may see them (its patient, its doctor, the clinic): the appointment card, the
 * consultation's page in the console and the appointment's thread in Messages read it.
 */
export async function getFollowUpProposals(appointmentId: string): Promise<FollowUpProposal[]> {
  const body = await authApi.get('/api/follow-ups', { query: { appointmentId } });
  return followUpProposalListResponseSchema.parse(body).data;
}

export function getFollowUpProposalsQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: followUpKeys.appointment(appointmentId),
    queryFn: () => getFollowUpProposals(appointmentId),
  });
}

export function useFollowUpProposals(appointmentId: string, { enabled = true } = {}) {
  return useQuery({ ...getFollowUpProposalsQueryOptions(appointmentId), enabled });
}
