import { inviteCheckResponseSchema } from '@vizita/shared/contracts/admin';
import { api } from '../../../lib/api-client';
import { useMutationActionOnMount } from '../../../lib/use-mutation-action';

/** POST /auth/accept-invite/check — whose invitation it is, while it is usable; not spent. */
export const checkInvite = async (token: string) =>
  inviteCheckResponseSchema.parse(await api.post('/auth/accept-invite/check', { token })).data;

/** Checked once as the page opens; the form shows only for a usable link. */
export const useCheckInvite = (token: string | null) =>
  useMutationActionOnMount(checkInvite, token);
