import { useQueryClient } from '@tanstack/react-query';
import {
  createSessionResponseSchema,
  type CreateSessionRequest,
} from '@vizita/shared/contracts/payments';
import { availabilityKeys } from '../../../api/query-keys';
import { authApi, isApiError } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { rememberPendingAppointment } from '../utils/pending-appointment';

export interface PaymentSession {
  sessionUrl: string;
  sessionId: string;
  appointmentId: string;
}

/** POST /api/payments/create-session — holds the slot and opens the provider's checkout. */
export async function createPaymentSession(input: CreateSessionRequest): Promise<PaymentSession> {
  const body = await authApi.post('/api/payments/create-session', input);
  return createSessionResponseSchema.parse(body).data;
}

/**
 * Spec §4: the appointment id is kept as the pending one. A 409 (the slot was just taken) reloads
 * the doctor's availability, so the taken time disappears (spec §8).
 */
export function useCreatePaymentSession() {
  const queryClient = useQueryClient();
  return useMutationAction(createPaymentSession, {
    onSuccess: (session) => rememberPendingAppointment(session.appointmentId),
    onError: (error, input) =>
      isApiError(error) && error.statusCode === 409
        ? queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(input.doctorId) })
        : undefined,
  });
}
