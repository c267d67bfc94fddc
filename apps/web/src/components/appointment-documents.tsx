import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentDocument } from '@vizita/shared/contracts/documents';
import { downloadDocumentVersion, useAppointmentDocuments } from '../api/appointment-documents';
import { formatInstantDate } from '../lib/dates';
import { formatFileSize } from '../lib/format-file-size';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

type Version = AppointmentDocument['versions'][number];

function DownloadButton({
  appointmentId,
  version,
  label,
}: {
  appointmentId: string;
  version: Version;
  label: string;
}) {
  const { t } = useTranslation('appointments');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadDocumentVersion(appointmentId, version._id, version.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={() => void download()} disabled={busy}>
        {label}
      </Button>
      {failed && (
        <span role="alert" className="text-xs text-red-700">
          {t('documents.downloadFailed')}
        </span>
      )}
    </span>
  );
}

/**
 * The documents a doctor gave for an appointment (a sick note, a referral), each with its
 * current version to download and — so a correction never hides that there was an earlier
 * text — the versions it replaced. Shown to the patient and to the doctor alike.
 */
export function AppointmentDocuments({ appointmentId }: { appointmentId: string }) {
  const { t, i18n } = useTranslation('appointments');
  const documents = useAppointmentDocuments(appointmentId);
  if (documents.isPending)
    return <p className="text-sm text-slate-600">{t('documents.loading')}</p>;
  if (documents.isError) return <Alert tone="error">{t('documents.loadFailed')}</Alert>;
  if (documents.data.length === 0)
    return <p className="text-sm text-slate-600">{t('documents.none')}</p>;
  return (
    <ul className="space-y-3">
      {documents.data.map((doc) => {
        const [current, ...replaced] = doc.versions;
        if (!current) return null;
        return (
          <li key={doc.documentId} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{doc.title}</p>
                <p className="text-xs break-words text-slate-600">
                  {t('documents.fileLine', {
                    name: current.fileName,
                    size: formatFileSize(current.sizeBytes, i18n.language),
                    date: formatInstantDate(current.createdAt) ?? '',
                  })}
                  {current.version > 1 &&
                    ` · ${t('documents.corrected', { version: current.version })}`}
                </p>
              </div>
              <DownloadButton
                appointmentId={appointmentId}
                version={current}
                label={t('documents.download')}
              />
            </div>
            {replaced.length > 0 && (
              <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2">
                {replaced.map((v) => (
                  <li
                    key={v._id}
                    className="flex flex-wrap items-center gap-2 text-xs text-slate-600"
                  >
                    <span>
                      {t('documents.replacedVersion', {
                        version: v.version,
                        date: formatInstantDate(v.replacedAt ?? v.createdAt) ?? '',
                      })}
                    </span>
                    <DownloadButton
                      appointmentId={appointmentId}
                      version={v}
                      label={t('documents.downloadVersion', { version: v.version })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
