import { useQueryClient } from '@tanstack/react-query';
import {
  clinicalDocumentResponseSchema,
  type ClinicalDocument,
  type IssueClinicalDocument,
} from '@vizita/shared/contracts/clinical-documents';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi, isApiError } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/**
 * PUT /api/doctor/clinical-documents/:id — a correction: the whole document again, which becomes
 * its next version (the earlier one stays in the record, and its code stops verifying).
 */
export async function correctClinicalDocument({
  documentId,
  request,
}: {
  appointmentId: string;
  documentId: string;
  request: IssueClinicalDocument;
}): Promise<ClinicalDocument> {
  const body = await authApi.put(
    `/api/doctor/clinical-documents/${encodeURIComponent(documentId)}`,
    request,
  );
  return clinicalDocumentResponseSchema.parse(body).data;
}

/** The list loads again after a correction, and after a refusal that means it is out of date. */
export function useCorrectClinicalDocument() {
  const queryClient = useQueryClient();
  const refresh = (appointmentId: string) =>
    queryClient.invalidateQueries({ queryKey: appointmentKeys.clinicalDocuments(appointmentId) });
  return useMutationAction(correctClinicalDocument, {
    onSuccess: (_data, { appointmentId }) => refresh(appointmentId),
    onError: (error, { appointmentId }) =>
      isApiError(error) && (error.statusCode === 404 || error.statusCode === 409)
        ? refresh(appointmentId)
        : undefined,
  });
}
