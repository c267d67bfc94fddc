import { useQueryClient } from '@tanstack/react-query';
import {
  dependantResponseSchema,
  type Dependant,
  type DependantInput,
} from '@vizita/shared/contracts/family';
import { dependantKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/dependants — a person added to the caller's account. */
export async function addDependant(input: DependantInput): Promise<Dependant> {
  return dependantResponseSchema.parse(await authApi.post('/api/dependants', input)).data;
}

export function useAddDependant() {
  const queryClient = useQueryClient();
  return useMutationAction(addDependant, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dependantKeys.all }),
  });
}
