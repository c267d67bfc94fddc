import { useQueryClient } from '@tanstack/react-query';
import {
  createGuestConsultationResponseSchema,
  type CreateGuestConsultation,
} from '@vizita/shared/contracts/guest-consultations';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';
import { adminKeys, appointmentKeys, availabilityKeys } from './query-keys';

/**
 * POST /api/guest-consultations — a video consultation for a person without an account (issue
 * #12): a doctor for themselves (no `doctorId`), an admin for the doctor named.
 */
export const createGuestConsultation = async (body: CreateGuestConsultation) =>
  createGuestConsultationResponseSchema.parse(await authApi.post('/api/guest-consultations', body))
    .data;

export function useCreateGuestConsultation() {
  const queryClient = useQueryClient();
  return useMutationAction(createGuestConsultation, {
    // The slot is gone from the doctor's availability, and the consultation is in the doctor's
    // schedule and the clinic's lists. Refused or not, the slots may have changed meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]),
  });
}
