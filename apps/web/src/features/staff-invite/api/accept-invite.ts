import {
  acceptInviteResponseSchema,
  type AcceptInviteRequest,
} from '@vizita/shared/contracts/admin';
import { api } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /auth/accept-invite — the invited doctor's own password and a code from the app; spends the
 * link and answers the recovery codes, shown once.
 */
export const acceptInvite = async (input: AcceptInviteRequest) =>
  acceptInviteResponseSchema.parse(await api.post('/auth/accept-invite', input)).data;

export const useAcceptInvite = () => useMutationAction(acceptInvite);
