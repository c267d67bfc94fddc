import { useQueryClient } from '@tanstack/react-query';
import { onCallStateResponseSchema, type OnCallState } from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ON_CALL_KEY } from './get-on-call';

/** PUT /api/doctor/on-call — "available now" for `minutes` from now; 0 switches it off. */
export async function setOnCall(minutes: number): Promise<OnCallState> {
  return onCallStateResponseSchema.parse(await authApi.put('/api/doctor/on-call', { minutes }))
    .data;
}

/** The answer is the new state: the panel shows it at once. */
export function useSetOnCall() {
  const queryClient = useQueryClient();
  return useMutationAction(setOnCall, {
    onSuccess: (state) => queryClient.setQueryData(ON_CALL_KEY, state),
  });
}
