import { useQueryClient } from '@tanstack/react-query';
import { appointmentResponseSchema, type Appointment } from '@vizita/shared/contracts/appointments';
import type { DeclinePrescriptionRequest } from '@vizita/shared/contracts/prescription-requests';
import { appointmentKeys, prescriptionRequestKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /api/doctor/prescription-requests/:id/decline — the doctor will not renew the medicine
 * without seeing the patient: a reason she reads; the request is cancelled by the doctor and
 * refunded in full (issue #21).
 */
export async function declinePrescriptionRequest({
  appointmentId,
  reason,
}: { appointmentId: string } & DeclinePrescriptionRequest): Promise<Appointment> {
  const body = await authApi.post(
    `/api/doctor/prescription-requests/${encodeURIComponent(appointmentId)}/decline`,
    { reason },
  );
  return appointmentResponseSchema.parse(body).data;
}

/** The queue, and the request's page, show what is left to answer: both load again. */
export function useDeclinePrescriptionRequest() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: prescriptionRequestKeys.all }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
    ]);
  return useMutationAction(declinePrescriptionRequest, {
    onSuccess: refresh,
    // Answered or gone meanwhile (404, 409): the queue is out of date.
    onError: refresh,
  });
}
