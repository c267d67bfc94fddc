import { acceptHandoverResponseSchema } from '@vizita/shared/contracts/family';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/dependants/handover/accept — the signed-in account takes the record handed over. */
export async function acceptHandover(token: string) {
  const body = await authApi.post('/api/dependants/handover/accept', { token });
  return acceptHandoverResponseSchema.parse(body).data;
}

export function useAcceptHandover() {
  return useMutationAction(acceptHandover);
}
