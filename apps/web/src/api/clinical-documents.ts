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
 * A PDF of the API in one language or in Bulgarian and German side by side, fetched through the
 * API client (it carries the bearer token; ADR 0022: never a link that works without a session)
 * and saved under a name that says what it is and in which language.
 */
async function downloadPdf(path: string, language: DocumentLanguage, name: string) {
  const blob = await authApi.get<Blob>(path, { query: { language }, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `${name}-${language.replace('+', '-')}.pdf`;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/clinical-documents/:id/pdf?language= — the newest version of an issued document. */
export function downloadClinicalDocumentPdf(
  document: Pick<ClinicalDocument, '_id' | 'kind' | 'verification'>,
  language: DocumentLanguage,
): Promise<void> {
  return downloadPdf(
    `/api/clinical-documents/${encodeURIComponent(document._id)}/pdf`,
    language,
    `${document.kind}-${document.verification.shortCode}`,
  );
}

/** GET /api/appointments/:id/summary/pdf?language= — the doctor's summary, a visit summary. */
export function downloadVisitSummaryPdf(
  appointmentId: string,
  shortCode: string,
  language: DocumentLanguage,
): Promise<void> {
  return downloadPdf(
    `/api/appointments/${encodeURIComponent(appointmentId)}/summary/pdf`,
    language,
    `visit-summary-${shortCode}`,
  );
}
