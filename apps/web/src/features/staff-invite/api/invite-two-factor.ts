import { twoFactorSetupResponseSchema } from '@vizita/shared/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { useMutationActionOnMount } from '../../../lib/use-mutation-action';

/**
 * POST /auth/accept-invite/two-factor — the secret for the invited doctor's authenticator app.
 * Each call makes a new one, so it is asked once as the form opens.
 */
export const getInviteTwoFactor = async (token: string) =>
  twoFactorSetupResponseSchema.parse(await api.post('/auth/accept-invite/two-factor', { token }))
    .data;

export const useInviteTwoFactor = (token: string | null) =>
  useMutationActionOnMount(getInviteTwoFactor, token);
