import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_SIZE_LIMIT_BYTES } from '@vizita/shared/file-transfer/constants';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../lib/cn';
import type { FileAlert, FileExchangeSnapshot, Transfer } from '../files/file-exchange';
import { formatFileSize } from '../../../lib/format-file-size';
import { DownloadIcon, PaperclipIcon } from './call-icons';
import { SideSheet } from './side-sheet';

/** Spec §8 "File transfer alerts". */
const ALERT_KEYS = {
  tooLarge: 'meeting.files.alerts.tooLarge',
  disabled: 'meeting.files.alerts.disabled',
  inactive: 'meeting.files.alerts.inactive',
  failed: 'meeting.files.alerts.failed',
} as const satisfies Record<FileAlert, string>;

/** Why an incoming file was dropped. */
const RECEIVE_ERROR_KEYS = {
  hashMismatch: 'meeting.files.receiveErrors.hashMismatch',
  tooLarge: 'meeting.files.receiveErrors.tooLarge',
  malformed: 'meeting.files.receiveErrors.incomplete',
  incomplete: 'meeting.files.receiveErrors.incomplete',
  timeout: 'meeting.files.receiveErrors.timeout',
} as const satisfies Record<NonNullable<Transfer['error']>, string>;

const STATE_KEYS = {
  outgoing: {
    sending: 'meeting.files.state.sending',
    receiving: 'meeting.files.state.sending',
    completed: 'meeting.files.state.sent',
    error: 'meeting.files.state.failed',
  },
  incoming: {
    sending: 'meeting.files.state.receiving',
    receiving: 'meeting.files.state.receiving',
    completed: 'meeting.files.state.received',
    error: 'meeting.files.state.failed',
  },
} as const;

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

/** Received images shown as a preview: raster formats only (an SVG can carry a document). */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function TransferRow({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('appointments');
  const labelId = useId();
  const name = transfer.name ?? t('meeting.files.unknownFile');
  const stateText = t(STATE_KEYS[transfer.direction][transfer.status]);
  const received = transfer.direction === 'incoming' && transfer.status === 'completed';
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3"
      data-direction={transfer.direction}
      data-status={transfer.status}
      {...(received && transfer.sha256 ? { 'data-sha256': transfer.sha256 } : {})}
    >
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="min-w-0 text-sm font-medium break-words text-slate-900">
          {name}
          {transfer.size > 0 && (
            <span className="ml-1 font-normal whitespace-nowrap text-slate-600">
              ({formatFileSize(transfer.size, i18n.language)})
            </span>
          )}
        </p>
        <span
          className={cn(
            'shrink-0 text-xs font-semibold',
            transfer.status === 'error'
              ? 'text-red-700'
              : transfer.status === 'completed'
                ? 'text-emerald-700'
                : 'text-slate-700',
          )}
        >
          {stateText}
        </span>
      </div>
      <progress
        aria-labelledby={labelId}
        value={transfer.percent}
        max={100}
        className="mt-2 h-2 w-full overflow-hidden rounded-full accent-teal-700"
      >
        {t('meeting.files.percent', { percent: transfer.percent })}
      </progress>
      {transfer.error && (
        <p className="mt-1 text-sm text-red-700">{t(RECEIVE_ERROR_KEYS[transfer.error])}</p>
      )}
      {received && transfer.url && transfer.type && PREVIEWABLE.has(transfer.type) && (
        <img
          src={transfer.url}
          alt={t('meeting.files.preview', { name })}
          className="mt-2 max-h-48 max-w-full rounded-md border border-slate-200 object-contain"
        />
      )}
      {received && transfer.url && (
        <a
          href={transfer.url}
          download={name}
          className={cn(
            'mt-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-teal-800 hover:bg-teal-50',
            focusRing,
          )}
        >
          <DownloadIcon />
          {t('meeting.files.download', { name })}
        </a>
      )}
    </li>
  );
}

/**
 * The slide-in File Transfer panel (spec §2): choose or drop files for the other participant,
 * one progress bar per file, download links for received ones (verified by SHA-256), and the
 * spec's alerts. A non-modal dialog beside the call: the focus moves into it when it opens,
 * Escape closes it and the page gives the focus back to the Files button. Full screen on phones.
 */
export function FileTransferPanel({
  id,
  files,
  onSend,
  onDismissAlert,
  onClose,
}: {
  id: string;
  files: FileExchangeSnapshot;
  onSend: (files: File[]) => void;
  onDismissAlert: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const titleId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const outgoing = files.transfers.filter((transfer) => transfer.direction === 'outgoing');
  const incoming = files.transfers.filter((transfer) => transfer.direction === 'incoming');

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length > 0) onSend(dropped);
  };

  return (
    <SideSheet
      id={id}
      title={t('meeting.files.title')}
      closeLabel={t('meeting.files.close')}
      onClose={onClose}
    >
      <div className="flex-1 space-y-5 p-4">
        {files.alert && (
          <Alert tone="error">
            <p>{t(ALERT_KEYS[files.alert])}</p>
            <button
              type="button"
              onClick={onDismissAlert}
              className={cn('mt-2 rounded text-sm font-semibold underline', focusRing)}
            >
              {t('meeting.files.dismiss')}
            </button>
          </Alert>
        )}

        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-5 text-center',
            dragging ? 'border-teal-600 bg-teal-50' : 'border-slate-300 bg-white',
          )}
        >
          <label
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-teal-800',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 has-[:focus-visible]:ring-offset-2',
            )}
          >
            <PaperclipIcon />
            {t('meeting.files.choose')}
            <input
              type="file"
              multiple
              aria-describedby={hintId}
              className="sr-only"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                // The same file can be chosen again.
                event.target.value = '';
                if (chosen.length > 0) onSend(chosen);
              }}
            />
          </label>
          <p id={hintId} className="text-sm text-slate-700">
            {t('meeting.files.hint', {
              limit: formatFileSize(FILE_SIZE_LIMIT_BYTES, i18n.language),
            })}
          </p>
        </div>

        <section aria-labelledby={`${titleId}-sent`}>
          <h3 id={`${titleId}-sent`} className="text-sm font-semibold text-slate-900">
            {t('meeting.files.sentHeading')}
          </h3>
          {outgoing.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('meeting.files.noneSent')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {outgoing.map((transfer) => (
                <TransferRow key={transfer.id} transfer={transfer} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby={`${titleId}-received`}>
          <h3 id={`${titleId}-received`} className="text-sm font-semibold text-slate-900">
            {t('meeting.files.receivedHeading')}
          </h3>
          {incoming.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('meeting.files.noneReceived')}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {incoming.map((transfer) => (
                <TransferRow key={transfer.id} transfer={transfer} />
              ))}
            </ul>
          )}
        </section>

        {files.sharedElsewhere.length > 0 && (
          <section aria-labelledby={`${titleId}-earlier`}>
            <h3 id={`${titleId}-earlier`} className="text-sm font-semibold text-slate-900">
              {t('meeting.files.earlierHeading')}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{t('meeting.files.earlierHint')}</p>
            <ul className="mt-2 space-y-1 text-sm text-slate-800">
              {files.sharedElsewhere.map((entry) => (
                <li key={entry.fileId} className="break-words">
                  {entry.name} ({formatFileSize(entry.size, i18n.language)})
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </SideSheet>
  );
}
