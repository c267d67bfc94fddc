import { useQueryClient } from '@tanstack/react-query';
import { adminDoctorResponseSchema, type UpdateDoctor } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

/** PUT /api/admin/doctors/:id — profile, specialties, languages, fee, length and zone. */
export const updateDoctor = async ({ id, body }: { id: string; body: UpdateDoctor }) =>
  adminDoctorResponseSchema.parse(
    await authApi.put(`/api/admin/doctors/${encodeURIComponent(id)}`, body),
  ).data;

export function useUpdateDoctor() {
  const queryClient = useQueryClient();
  return useMutationAction(updateDoctor, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
