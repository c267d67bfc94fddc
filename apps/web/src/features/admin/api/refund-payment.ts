import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

const answer = successSchema(z.object({ status: z.string() }));

/** POST /api/admin/payments/:id/refund — in full, once however often it is asked for. */
export const refundPayment = async (id: string) =>
  answer.parse(await authApi.post(`/api/admin/payments/${encodeURIComponent(id)}/refund`)).data;

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutationAction(refundPayment, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
