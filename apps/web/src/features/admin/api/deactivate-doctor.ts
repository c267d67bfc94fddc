import { useQueryClient } from '@tanstack/react-query';
import { deactivatedDoctorResponseSchema } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

/**
 * POST /api/admin/doctors/:id/deactivate — no more sign-in or slots; answers the doctor's
 * upcoming appointments for the admin to cancel with refunds.
 */
export const deactivateDoctor = async (id: string) =>
  deactivatedDoctorResponseSchema.parse(
    await authApi.post(`/api/admin/doctors/${encodeURIComponent(id)}/deactivate`),
  ).data;

export function useDeactivateDoctor() {
  const queryClient = useQueryClient();
  return useMutationAction(deactivateDoctor, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
