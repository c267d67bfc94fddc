import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import type {
  ClinicalDocument,
  ClinicalDocumentKind,
} from '@vizita/shared/contracts/clinical-documents';
import { clinicalDocumentsIssuable } from '@vizita/shared/domain/doctor-access';
import { downloadClinicalDocumentPdf, useClinicalDocuments } from '../../../api/clinical-documents';
import { PdfDownload } from '../../../components/pdf-download';
import { ClinicalDocumentSummary } from '../../../components/clinical-document-summary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { ClinicalDocumentDialogProps } from './clinical-document-dialog';
import { PrescriptionDialog } from './prescription-dialog';
import { ReferralDialog } from './referral-dialog';
import { RevokeClinicalDocumentDialog } from './revoke-clinical-document-dialog';
import { SickNoteDialog } from './sick-note-dialog';

const DIALOGS = {
  prescription: PrescriptionDialog,
  'sick-note': SickNoteDialog,
  referral: ReferralDialog,
} as const satisfies Record<ClinicalDocumentKind, (props: ClinicalDocumentDialogProps) => unknown>;

const WRITE_KEYS = {
  prescription: 'panel.writePrescription',
  'sick-note': 'panel.writeSickNote',
  referral: 'panel.writeReferral',
} as const satisfies Record<ClinicalDocumentKind, string>;

const ISSUED_KEYS = {
  prescription: 'panel.issued.prescription',
  'sick-note': 'panel.issued.sickNote',
  referral: 'panel.issued.referral',
} as const satisfies Record<ClinicalDocumentKind, string>;

type Done = { kind: 'issued' | 'corrected' | 'revoked'; document: ClinicalDocument };

const ALL_KINDS = ['prescription', 'sick-note', 'referral'] as const;

/**
 * The consultation's prescriptions, sick notes and referrals (issue #21): what was issued, each
 * with its PDF (in a chosen language), "Correct" and "Revoke"; and the three "Write …" buttons
 * while documents can be issued (from the call's opening for 30 days; never for a no-show). A
 * prescription request is answered with a prescription only, prefilled with the medicine asked
 * for, and only while it waits for its answer (the API marks it completed with the first).
 */
export function ClinicalDocumentsPanel({
  appointment,
  now,
}: {
  appointment: Pick<
    Appointment,
    '_id' | 'date' | 'status' | 'startsAt' | 'plan' | 'prescriptionRequest'
  >;
  now: Date;
}) {
  const { t } = useTranslation('clinicalDocuments');
  const documents = useClinicalDocuments(appointment._id);
  const [editing, setEditing] = useState<{
    kind: ClinicalDocumentKind;
    document?: ClinicalDocument;
  }>();
  const [revoking, setRevoking] = useState<ClinicalDocument>();
  const [done, setDone] = useState<Done>();
  const issuable = clinicalDocumentsIssuable(
    { status: appointment.status, startsAt: new Date(appointment.startsAt) },
    now,
  );
  const list = documents.data ?? [];
  const Editor = editing && DIALOGS[editing.kind];
  const isRequest = appointment.plan === 'prescription';
  const writable: readonly ClinicalDocumentKind[] = !isRequest
    ? ALL_KINDS
    : appointment.status === 'upcoming'
      ? ['prescription']
      : [];

  const open = (kind: ClinicalDocumentKind, document?: ClinicalDocument) => {
    setDone(undefined);
    setEditing({ kind, document });
  };

  return (
    <Card>
      <section aria-labelledby="clinical-documents-heading" className="space-y-4">
        <h2 id="clinical-documents-heading" className="text-lg font-semibold text-slate-900">
          {t('panel.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('panel.intro')}</p>
        {documents.isPending && <p className="text-sm text-slate-600">{t('list.loading')}</p>}
        {documents.isError && <Alert tone="error">{t('list.loadFailed')}</Alert>}
        {documents.isSuccess && list.length === 0 && (
          <p className="text-sm text-slate-600">{t('panel.none')}</p>
        )}
        {done && (
          <Alert tone="success">
            {done.kind === 'issued'
              ? t(ISSUED_KEYS[done.document.kind])
              : done.kind === 'corrected'
                ? t('panel.corrected', { version: done.document.version })
                : t('panel.revoked')}
          </Alert>
        )}
        {list.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {list.map((document) => {
              const headingId = `clinical-document-${document._id}`;
              const changeable = issuable && !document.revokedAt;
              return (
                <li key={document._id} className="space-y-3 py-4 first:pt-0">
                  <ClinicalDocumentSummary document={document} headingId={headingId} />
                  <div className="flex flex-wrap items-end gap-2">
                    <PdfDownload
                      download={(language) => downloadClinicalDocumentPdf(document, language)}
                      describedBy={headingId}
                    />
                    {changeable && (
                      <>
                        <Button
                          variant="secondary"
                          aria-describedby={headingId}
                          onClick={() => open(document.kind, document)}
                        >
                          {t('panel.correct')}
                        </Button>
                        <Button
                          variant="ghost"
                          aria-describedby={headingId}
                          onClick={() => {
                            setDone(undefined);
                            setRevoking(document);
                          }}
                        >
                          {t('panel.revoke')}
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {!issuable ? (
          <p className="text-sm text-slate-600">{t('panel.closed')}</p>
        ) : (
          writable.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {writable.map((kind) => (
                <Button key={kind} variant="secondary" onClick={() => open(kind)}>
                  {t(WRITE_KEYS[kind])}
                </Button>
              ))}
            </div>
          )
        )}
      </section>
      {editing && Editor && (
        <Editor
          appointmentId={appointment._id}
          consultationDate={appointment.date}
          document={editing.document}
          prefill={
            isRequest && !editing.document
              ? (appointment.prescriptionRequest?.medication ?? undefined)
              : undefined
          }
          onClose={() => setEditing(undefined)}
          onDone={(document) => {
            setEditing(undefined);
            setDone({ kind: editing.document ? 'corrected' : 'issued', document });
          }}
        />
      )}
      {revoking && (
        <RevokeClinicalDocumentDialog
          document={revoking}
          onClose={() => setRevoking(undefined)}
          onRevoked={() => {
            setDone({ kind: 'revoked', document: revoking });
            setRevoking(undefined);
          }}
        />
      )}
    </Card>
  );
}
