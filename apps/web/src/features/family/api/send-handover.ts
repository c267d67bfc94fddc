import { useQueryClient } from '@tanstack/react-query';
import { dependantResponseSchema, type Dependant } from '@vizita/shared/contracts/family';
import { dependantKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/dependants/:id/handover — mails the person a link to take their own record. */
export async function sendHandover(input: { id: string; email: string }): Promise<Dependant> {
  const body = await authApi.post(`/api/dependants/${encodeURIComponent(input.id)}/handover`, {
    email: input.email,
  });
  return dependantResponseSchema.parse(body).data;
}

export function useSendHandover() {
  const queryClient = useQueryClient();
  return useMutationAction(sendHandover, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dependantKeys.all }),
  });
}
