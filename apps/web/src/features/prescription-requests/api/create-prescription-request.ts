import { useQueryClient } from '@tanstack/react-query';
import {
  createPrescriptionRequestResponseSchema,
  type CreatePrescriptionRequest,
  type CreatePrescriptionRequestResult,
} from '@vizita/shared/contracts/prescription-requests';
import { appointmentKeys, prescriptionRequestKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /api/prescription-requests — the patient asks a doctor for a repeat prescription: the
 * checkout's address (the price is the clinic's per doctor), or, when it costs nothing, the
 * request sent at once. The client sends the screen's language (Accept-Language), in which the
 * checkout and the mails speak.
 */
export async function createPrescriptionRequest(
  request: CreatePrescriptionRequest,
): Promise<CreatePrescriptionRequestResult> {
  const body = await authApi.post('/api/prescription-requests', request);
  return createPrescriptionRequestResponseSchema.parse(body).data;
}

/** A request sent at once belongs in every list of the patient's appointments. */
export function useCreatePrescriptionRequest() {
  const queryClient = useQueryClient();
  return useMutationAction(createPrescriptionRequest, {
    onSuccess: async (result) => {
      // The checkout leaves the app; only a request sent here changes what it shows.
      if (result.outcome === 'requested')
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
          queryClient.invalidateQueries({ queryKey: prescriptionRequestKeys.all }),
        ]);
    },
  });
}
