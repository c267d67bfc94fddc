import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recoveryCodesResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@vizita/shared/contracts/two-factor';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { refreshAuthStatus } from '../session-store';

export const TWO_FACTOR_KEY = ['two-factor'] as const;

/** GET /auth/two-factor — on or off, required (staff), recovery codes left. */
export const getTwoFactorStatus = async () =>
  twoFactorStatusResponseSchema.parse(await authApi.get('/auth/two-factor')).data;

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: getTwoFactorStatus });

/** POST /auth/two-factor/setup — a new secret and its QR code, after the password. */
const setup = async (password: string) =>
  twoFactorSetupResponseSchema.parse(await authApi.post('/auth/two-factor/setup', { password }))
    .data;

export const useTwoFactorSetup = () => useMutationAction(setup);

/**
 * The actions that change two-factor sign-in: each refreshes the status, and the session (a
 * doctor's restricted session becomes a full one once it is on).
 */
function useTwoFactorChange<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutationAction(action, {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      await refreshAuthStatus();
    },
  });
}

/** POST /auth/two-factor/enable — on; answers the recovery codes, shown once. */
export const useEnableTwoFactor = () =>
  useTwoFactorChange(
    async (code: string) =>
      recoveryCodesResponseSchema.parse(await authApi.post('/auth/two-factor/enable', { code }))
        .data,
  );

/** POST /auth/two-factor/disable — off (patients only): password and a current code. */
export const useDisableTwoFactor = () =>
  useTwoFactorChange(async (input: { password: string; code: string }) => {
    await authApi.post('/auth/two-factor/disable', input);
  });

/** POST /auth/two-factor/recovery-codes — ten new codes; the old ones stop working. */
export const useNewRecoveryCodes = () =>
  useTwoFactorChange(
    async (input: { password: string; code: string }) =>
      recoveryCodesResponseSchema.parse(
        await authApi.post('/auth/two-factor/recovery-codes', input),
      ).data,
  );
