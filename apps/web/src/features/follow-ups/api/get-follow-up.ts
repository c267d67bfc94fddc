import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  followUpProposalResponseSchema,
  type FollowUpProposal,
} from '@vizita/shared/contracts/follow-ups';
import { followUpKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

/** GET /api/follow-ups/:id — one proposal, with its times as they are now. */
export async function getFollowUp(id: string): Promise<FollowUpProposal> {
  const body = await authApi.get(`/api/follow-ups/${encodeURIComponent(id)}`);
  return followUpProposalResponseSchema.parse(body).data;
}

export function getFollowUpQueryOptions(id: string) {
  return queryOptions({ queryKey: followUpKeys.one(id), queryFn: () => getFollowUp(id) });
}

export function useFollowUp(id: string) {
  return useQuery(getFollowUpQueryOptions(id));
}
