import { useTranslation } from 'react-i18next';
import { useAppointmentDocuments } from '../../../api/appointment-documents';
import { downloadClinicalDocumentPdf, useClinicalDocuments } from '../../../api/clinical-documents';
import { AppointmentDocuments } from '../../../components/appointment-documents';
import { PdfDownload } from '../../../components/pdf-download';
import { ClinicalDocumentSummary } from '../../../components/clinical-document-summary';
import { Alert } from '../../../components/ui/alert';

/**
 * The prescriptions, sick notes and referrals the doctor issued for an appointment (issue #21):
 * the kind in the patient's language, when, what about, its verification code, "Revoked" when it
 * was, and the PDF in the interface language or another (Bulgarian and German side by side).
 */
export function ClinicalDocumentsList({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('clinicalDocuments');
  const documents = useClinicalDocuments(appointmentId);
  if (documents.isError) return <Alert tone="error">{t('list.loadFailed')}</Alert>;
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <ul aria-label={t('list.label')} className="space-y-3">
      {documents.data.map((document) => {
        const headingId = `clinical-document-${document._id}`;
        return (
          <li key={document._id} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <ClinicalDocumentSummary document={document} headingId={headingId} headingLevel={4} />
            <PdfDownload
              download={(language) => downloadClinicalDocumentPdf(document, language)}
              describedBy={headingId}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Documents from your doctor" opened on an appointment card: what the doctor issued in Vizita,
 * then the files they shared. "No documents yet" only when there is neither.
 */
export function AppointmentDocumentsSection({ appointmentId }: { appointmentId: string }) {
  const files = useAppointmentDocuments(appointmentId);
  const issued = useClinicalDocuments(appointmentId);
  const onlyIssued = files.data?.length === 0 && (issued.data?.length ?? 0) > 0;
  return (
    <div className="space-y-3">
      <ClinicalDocumentsList appointmentId={appointmentId} />
      {!onlyIssued && <AppointmentDocuments appointmentId={appointmentId} />}
    </div>
  );
}
