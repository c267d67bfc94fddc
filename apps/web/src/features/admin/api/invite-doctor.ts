import { useQueryClient } from '@tanstack/react-query';
import { adminDoctorResponseSchema, type InviteDoctor } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

/** POST /api/admin/doctors — creates the doctor and mails the invitation (no password). */
export const inviteDoctor = async (body: InviteDoctor) =>
  adminDoctorResponseSchema.parse(await authApi.post('/api/admin/doctors', body)).data;

export function useInviteDoctor() {
  const queryClient = useQueryClient();
  return useMutationAction(inviteDoctor, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
