import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  clinicalDocumentListResponseSchema,
  type ClinicalDocument,
  type DocumentLanguage,
} from '@vizita/shared/contracts/clinical-documents';
import { authApi } from '../lib/api-client';
import { appointmentKeys } from './query-keys';

/**
 * GET /api/appointments/:id/clinical-documents — the prescriptions, sick notes and referrals of a
 * consultation (issue #21), newest version of each: for its patient, and for its doctor while the
 * patient's data is open to them (ADR 0016).
 */
export async function getClinicalDocuments(appointmentId: string): Promise<ClinicalDocument[]> {
  const body = await authApi.get(
    `/api/appointments/${encodeURIComponent(appointmentId)}/clinical-documents`,
  );
  return clinicalDocumentListResponseSchema.parse(body).data;
}

export function clinicalDocumentsQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: appointmentKeys.clinicalDocuments(appointmentId),
    queryFn: () => getClinicalDocuments(appointmentId),
  });
}

export function useClinicalDocuments(appointmentId: string, enabled = true) {
  return useQuery({ ...clinicalDocumentsQueryOptions(appointmentId), enabled });
}

/**
 * GET /api/clinical-documents/:id/pdf?language= — the newest version as a PDF in one language or
 * in Bulgarian and German side by side, fetched through the API client (it carries the bearer
 * token; ADR 0022: never a link that works without a session) and saved under a name that says
 * what it is and in which language.
 */
export async function downloadClinicalDocumentPdf(
  document: Pick<ClinicalDocument, '_id' | 'kind' | 'verification'>,
  language: DocumentLanguage,
): Promise<void> {
  const blob = await authApi.get<Blob>(
    `/api/clinical-documents/${encodeURIComponent(document._id)}/pdf`,
    { query: { language }, responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `${document.kind}-${document.verification.shortCode}-${language.replace('+', '-')}.pdf`;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
