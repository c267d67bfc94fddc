import { useQueryClient } from '@tanstack/react-query';
import {
  appointmentDocumentResponseSchema,
  type AppointmentDocument,
} from '@vizita/shared/contracts/documents';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

export interface ShareDocumentInput {
  appointmentId: string;
  title: string;
  file: File;
  /** Correct an existing document: the file becomes its next version. */
  documentId?: string | undefined;
}

/**
 * POST /api/doctor/appointments/:id/documents (or …/:documentId/versions for a correction):
 * the file itself is the body, its type in Content-Type; the title and name in the query.
 */
export async function shareDocument({
  appointmentId,
  title,
  file,
  documentId,
}: ShareDocumentInput): Promise<AppointmentDocument> {
  const base = `/api/doctor/appointments/${encodeURIComponent(appointmentId)}/documents`;
  const body = await authApi.post(
    documentId ? `${base}/${encodeURIComponent(documentId)}/versions` : base,
    file,
    { query: { title, fileName: file.name } },
  );
  return appointmentDocumentResponseSchema.parse(body).data;
}

export function useShareDocument() {
  const queryClient = useQueryClient();
  return useMutationAction(shareDocument, {
    onSuccess: (_data, { appointmentId }) =>
      queryClient.invalidateQueries({ queryKey: appointmentKeys.documents(appointmentId) }),
  });
}
