import { adminDoctorResponseSchema } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** POST /api/admin/doctors/:id/invite — a fresh link; the earlier one stops working. */
export const resendInvite = async (id: string) =>
  adminDoctorResponseSchema.parse(
    await authApi.post(`/api/admin/doctors/${encodeURIComponent(id)}/invite`),
  ).data;

export const useResendInvite = () => useMutationAction(resendInvite);
