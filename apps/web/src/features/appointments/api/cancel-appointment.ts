import { useQueryClient } from '@tanstack/react-query';
import {
  cancelAppointmentResponseSchema,
  type Appointment,
  type REFUND_OUTCOMES,
} from '@vizita/shared/contracts/appointments';
import { appointmentKeys, availabilityKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { isStaleAppointmentError } from '../utils/error-keys';

export interface CancelAppointmentInput {
  appointmentId: string;
  /** Whose free slots change: their availability is fetched again. */
  doctorId: string;
  reason: string;
}

export type CancelAppointmentResult = {
  appointment: Appointment;
  /** What happened to the payment: `refunded`, `processing` or `none`. */
  refund: (typeof REFUND_OUTCOMES)[number];
};

/**
 * PUT /api/appointments/:id/cancel (spec §3 Cancel-appointment payload). Patient is the only role
 * of this interface (spec §6); the server takes the role from the session anyway.
 */
export async function cancelAppointment({
  appointmentId,
  reason,
}: CancelAppointmentInput): Promise<CancelAppointmentResult> {
  const body = await authApi.put(`/api/appointments/${encodeURIComponent(appointmentId)}/cancel`, {
    reason,
    cancelledBy: 'patient',
  });
  return cancelAppointmentResponseSchema.parse(body).data;
}

/**
 * After a cancellation the lists and the doctor's free slots change. An answer saying that the
 * appointment is gone or no longer upcoming also means the list on screen is out of date.
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutationAction(cancelAppointment, {
    // Awaited: the call settles once the lists show the change.
    onSuccess: (_data, { doctorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctorId) }),
      ]),
    onError: (error) =>
      isStaleAppointmentError(error)
        ? queryClient.invalidateQueries({ queryKey: appointmentKeys.all })
        : undefined,
  });
}
