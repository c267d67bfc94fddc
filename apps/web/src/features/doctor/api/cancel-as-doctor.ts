import { useQueryClient } from '@tanstack/react-query';
import { cancelAppointmentResponseSchema } from '@vizita/shared/contracts/appointments';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * PUT /api/appointments/:id/cancel by the appointment's doctor: the server records the doctor as
 * the one who cancelled (from the session) and always refunds the patient (ADR 0012).
 */
export async function cancelAsDoctor({
  appointmentId,
  reason,
}: {
  appointmentId: string;
  reason: string;
}) {
  const body = await authApi.put(`/api/appointments/${encodeURIComponent(appointmentId)}/cancel`, {
    reason,
  });
  return cancelAppointmentResponseSchema.parse(body).data;
}

export function useCancelAsDoctor() {
  const queryClient = useQueryClient();
  return useMutationAction(cancelAsDoctor, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
