import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAuditEvent } from '@vizita/shared/domain/audit-events';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { saveFile } from '../../../lib/save-file';
import { useAccessLog, useDataExport, useFhirExport } from '../api/privacy';
import { privacyErrorKey } from '../utils/error-keys';
import { ROLE_KEYS, useReadableExport } from '../utils/readable-export';
import { DeleteAccountDialog } from './delete-account-dialog';

const linkClass =
  'rounded font-semibold text-teal-800 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

type ExportKind = 'json' | 'html' | 'fhir';

/**
 * Art. 15 and 20: the export, as a data file, as a page a person can read, and as FHIR R4 for
 * another health app (issue #21) — the last made by the server, so nothing of it weighs on this page.
 */
function ExportPanel() {
  const { t } = useTranslation('privacy');
  const exporting = useDataExport();
  const fhir = useFhirExport();
  const readable = useReadableExport();
  const [format, setFormat] = useState<ExportKind | null>(null);
  const pending = exporting.isPending || fhir.isPending;
  // What the panel says is about the latest download asked for.
  const latest = format === 'fhir' ? fhir : exporting;

  const download = (kind: ExportKind) => {
    setFormat(kind);
    if (kind === 'fhir') {
      fhir.mutate(undefined, {
        onSuccess: (bundle) =>
          saveFile(
            `vizita-record-fhir-${bundle.timestamp.slice(0, 10)}.json`,
            JSON.stringify(bundle, null, 2),
            'application/fhir+json',
          ),
      });
      return;
    }
    exporting.mutate(undefined, {
      onSuccess: (data) => {
        const day = data.exportedAt.slice(0, 10);
        if (kind === 'json')
          saveFile(`vizita-data-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
        else saveFile(`vizita-data-${day}.html`, readable(data), 'text/html');
      },
    });
  };

  const button = (kind: ExportKind, label: string, describedBy?: string) => (
    <Button
      variant="secondary"
      busy={pending && format === kind}
      disabled={pending}
      onClick={() => download(kind)}
      aria-describedby={describedBy}
    >
      {label}
    </Button>
  );

  return (
    <section aria-labelledby="privacy-export-heading" className="space-y-3">
      <h3 id="privacy-export-heading" className="font-semibold text-slate-900">
        {t('export.heading')}
      </h3>
      <p className="text-sm text-slate-700">{t('export.text')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {button('json', t('export.json'))}
        {button('html', t('export.html'))}
        {button('fhir', t('export.fhir'), 'privacy-export-fhir-hint')}
      </div>
      <p id="privacy-export-fhir-hint" className="text-sm text-slate-700">
        {t('export.fhirHint')}
      </p>
      <div aria-live="polite">
        {latest.isSuccess && <Alert tone="success">{t('export.done')}</Alert>}
        {latest.isError && (
          <Alert tone="error">
            {t(
              privacyErrorKey(latest.error) === 'export.tooMany'
                ? 'export.tooMany'
                : 'export.failed',
            )}
          </Alert>
        )}
      </div>
    </section>
  );
}

/** Who other than the patient opened or changed their record: the audit log, about them. */
function AccessLogPanel() {
  const { t } = useTranslation(['privacy', 'admin']);
  const log = useAccessLog();
  return (
    <section aria-labelledby="privacy-access-heading" className="space-y-3">
      <h3 id="privacy-access-heading" className="font-semibold text-slate-900">
        {t('accessLog.heading')}
      </h3>
      <p className="text-sm text-slate-700">{t('accessLog.intro')}</p>
      {!log.data ? (
        log.isError ? (
          <ErrorState message={t('accessLog.failed')} onRetry={() => void log.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-700 italic">{t('accessLog.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {log.data.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="py-2">
              <p className="font-medium text-slate-900">
                {isAuditEvent(entry.event)
                  ? t(`audit.events.${entry.event}`, { ns: 'admin' })
                  : entry.event}
              </p>
              {entry.about && (
                <p className="text-slate-700">{t('accessLog.about', { name: entry.about })}</p>
              )}
              <p className="text-slate-700">
                {[entry.actor.name, t(ROLE_KEYS[entry.actor.role])].filter(Boolean).join(', ')}
                {' · '}
                <time dateTime={entry.at}>{formatDateTime(entry.at) ?? entry.at}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Privacy and your data" on the patient's profile: download everything (JSON and a readable
 * page), who opened the record, and deleting the account (ADR 0025). `onDeleted` ends the
 * session in this browser; the app passes it.
 */
export function PrivacySection({
  twoFactor,
  onDeleted,
}: {
  twoFactor: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('privacy');
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <section aria-labelledby="privacy-heading" className="space-y-6">
        <div>
          <h2 id="privacy-heading" className="text-lg font-semibold text-slate-900">
            {t('heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
          <p className="mt-1 text-sm">
            <Link to="/legal/privacy" className={linkClass}>
              {t('privacyNotice')}
            </Link>
          </p>
        </div>
        <ExportPanel />
        <AccessLogPanel />
        <section aria-labelledby="privacy-delete-heading" className="space-y-3">
          <h3 id="privacy-delete-heading" className="font-semibold text-slate-900">
            {t('delete.heading')}
          </h3>
          <p className="text-sm text-slate-700">{t('delete.text')}</p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('delete.open')}
          </Button>
        </section>
      </section>
      {deleting && (
        <DeleteAccountDialog
          twoFactor={twoFactor}
          onClose={() => setDeleting(false)}
          onDeleted={onDeleted}
        />
      )}
    </Card>
  );
}
