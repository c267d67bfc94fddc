import { useQueryClient } from '@tanstack/react-query';
import {
  clinicalDocumentResponseSchema,
  type ClinicalDocument,
  type IssueClinicalDocument,
} from '@vizita/shared/contracts/clinical-documents';
import { appointmentKeys, prescriptionRequestKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /api/doctor/appointments/:id/clinical-documents — the doctor issues a prescription, a sick
 * note or a referral from the consultation (issue #21).
 */
export async function issueClinicalDocument({
  appointmentId,
  request,
}: {
  appointmentId: string;
  request: IssueClinicalDocument;
}): Promise<ClinicalDocument> {
  const body = await authApi.post(
    `/api/doctor/appointments/${encodeURIComponent(appointmentId)}/clinical-documents`,
    request,
  );
  return clinicalDocumentResponseSchema.parse(body).data;
}

/**
 * A prescription issued on a prescription request answers it (issue #21): the API marks the
 * request completed, so the appointment and the doctor's queue load again with its documents.
 */
export function useIssueClinicalDocument() {
  const queryClient = useQueryClient();
  return useMutationAction(issueClinicalDocument, {
    onSuccess: (_data, { appointmentId }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: appointmentKeys.clinicalDocuments(appointmentId),
        }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointmentId) }),
        queryClient.invalidateQueries({ queryKey: prescriptionRequestKeys.doctorQueue() }),
      ]),
  });
}
