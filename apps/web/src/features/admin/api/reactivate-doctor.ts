import { useQueryClient } from '@tanstack/react-query';
import { adminDoctorResponseSchema } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

/** POST /api/admin/doctors/:id/reactivate */
export const reactivateDoctor = async (id: string) =>
  adminDoctorResponseSchema.parse(
    await authApi.post(`/api/admin/doctors/${encodeURIComponent(id)}/reactivate`),
  ).data;

export function useReactivateDoctor() {
  const queryClient = useQueryClient();
  return useMutationAction(reactivateDoctor, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
