import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { REFUND_OUTCOMES } from '@vizita/shared/contracts/appointments';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

const answer = successSchema(z.object({ refund: z.enum(REFUND_OUTCOMES) }));

/** POST /api/admin/appointments/:id/cancel — for the clinic: the patient is refunded in full. */
export const cancelAppointment = async ({ id, reason }: { id: string; reason: string }) =>
  answer.parse(
    await authApi.post(`/api/admin/appointments/${encodeURIComponent(id)}/cancel`, { reason }),
  ).data;

export function useClinicCancel() {
  const queryClient = useQueryClient();
  return useMutationAction(cancelAppointment, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
