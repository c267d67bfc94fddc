import { useQueryClient } from '@tanstack/react-query';
import { revokeDocumentResponseSchema } from '@vizita/shared/contracts/verification';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * POST /api/doctor/documents/:id/revoke — the one revocation of anything Vizita issues (ADR 0037):
 * the document's current registration (its verification id) is revoked, and with it the document;
 * its verification page says so from then on (the reason stays in the record, not on the page).
 */
export async function revokeClinicalDocument({
  verificationId,
  reason,
}: {
  appointmentId: string;
  verificationId: string;
  reason: string;
}) {
  const body = await authApi.post(
    `/api/doctor/documents/${encodeURIComponent(verificationId)}/revoke`,
    { reason },
  );
  return revokeDocumentResponseSchema.parse(body).data;
}

export function useRevokeClinicalDocument() {
  const queryClient = useQueryClient();
  return useMutationAction(revokeClinicalDocument, {
    onSettled: (_data, _error, { appointmentId }) =>
      queryClient.invalidateQueries({
        queryKey: appointmentKeys.clinicalDocuments(appointmentId),
      }),
  });
}
