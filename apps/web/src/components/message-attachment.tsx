import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageAttachment as Attachment } from '@vizita/shared/contracts/messages';
import { getMessageAttachment } from '../api/message-attachment-file';
import { formatFileSize } from '../lib/format-file-size';
import { Button } from './ui/button';

/** Shown as a picture: raster formats only (an SVG can carry a script; the server takes none). */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg']);

/** Hands a Blob to the browser as a download under its name; the URL lives for the click. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A photo of a message, fetched through the API client and shown from a Blob URL. */
function Preview({ threadId, attachment }: { threadId: string; attachment: Attachment }) {
  const { t } = useTranslation('messages');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    let live = true;
    getMessageAttachment(threadId, attachment._id).then(
      (blob) => {
        if (!live) return;
        // The type the server checked, never one the Blob would guess.
        created = URL.createObjectURL(new Blob([blob], { type: attachment.contentType }));
        setUrl(created);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [threadId, attachment._id, attachment.contentType]);
  if (failed) return <p className="text-xs text-slate-600">{t('attachment.previewFailed')}</p>;
  if (!url) return <p className="text-xs text-slate-600">{t('attachment.previewLoading')}</p>;
  return (
    <img
      src={url}
      alt={t('attachment.preview', { name: attachment.fileName })}
      className="max-h-60 max-w-full rounded-md border border-slate-200 object-contain"
    />
  );
}

/**
 * A file sent with a message: its name and size, a preview of a photo (as the call's file panel
 * shows one), and a download. Every fetch goes through the API with the caller's token.
 */
export function MessageAttachmentItem({
  threadId,
  attachment,
}: {
  threadId: string;
  attachment: Attachment;
}) {
  const { t, i18n } = useTranslation('messages');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await getMessageAttachment(threadId, attachment._id), attachment.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2">
      {PREVIEWABLE.has(attachment.contentType) && (
        <Preview threadId={threadId} attachment={attachment} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm break-words text-slate-800">
          {attachment.fileName}{' '}
          <span className="whitespace-nowrap text-slate-600">
            ({formatFileSize(attachment.sizeBytes, i18n.language)})
          </span>
        </p>
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          {t('attachment.download', { name: attachment.fileName })}
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-xs text-red-700">
          {t('attachment.downloadFailed')}
        </p>
      )}
    </div>
  );
}
