import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  appointmentDocumentListResponseSchema,
  type AppointmentDocument,
} from '@vizita/shared/contracts/documents';
import { authApi } from '../lib/api-client';
import { appointmentKeys } from './query-keys';

const path = (appointmentId: string) =>
  `/api/appointments/${encodeURIComponent(appointmentId)}/documents`;

/** GET /api/appointments/:id/documents — for the appointment's patient and its doctor. */
export async function getAppointmentDocuments(
  appointmentId: string,
): Promise<AppointmentDocument[]> {
  return appointmentDocumentListResponseSchema.parse(await authApi.get(path(appointmentId))).data;
}

export function appointmentDocumentsQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: appointmentKeys.documents(appointmentId),
    queryFn: () => getAppointmentDocuments(appointmentId),
  });
}

export function useAppointmentDocuments(appointmentId: string, enabled = true) {
  return useQuery({ ...appointmentDocumentsQueryOptions(appointmentId), enabled });
}

/**
 * GET …/documents/:versionId/file — the file through the API client (it carries the bearer
 * token; a plain link could not), saved under its name. There is never a public URL to it.
 */
export async function downloadDocumentVersion(
  appointmentId: string,
  versionId: string,
  fileName: string,
): Promise<void> {
  const blob = await authApi.get<Blob>(
    `${path(appointmentId)}/${encodeURIComponent(versionId)}/file`,
    { responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
