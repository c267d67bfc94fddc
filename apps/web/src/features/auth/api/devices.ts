import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInDevicesResponseSchema } from '@vizita/shared/contracts/two-factor';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { clearSession } from '../session-store';

const DEVICES_KEY = ['signed-in-devices'] as const;

/** GET /auth/sessions — the devices signed in to this account. */
export const getDevices = async () =>
  signedInDevicesResponseSchema.parse(await authApi.get('/auth/sessions')).data;

export const useDevices = (enabled = true) =>
  useQuery({ queryKey: DEVICES_KEY, queryFn: getDevices, enabled });

/** DELETE /auth/sessions/:id — signs that device out. */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutationAction(
    async (id: string) => {
      await authApi.delete(`/auth/sessions/${encodeURIComponent(id)}`);
    },
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }) },
  );
}

/** POST /auth/sessions/sign-out-everywhere — this device too: back to the welcome page. */
export const useSignOutEverywhere = () =>
  useMutationAction(
    async () => {
      await authApi.post('/auth/sessions/sign-out-everywhere');
    },
    { onSuccess: () => clearSession() },
  );
