import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import {
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_FILES_PER_SEND,
  MESSAGE_TEXT_MAX,
  messageWithFilesSchema,
  sendMessageRequestSchema,
} from '@vizita/shared/contracts/messages';
import { useSendMessage } from '../api/send-message';
import { errorKey } from '../lib/api-client';
import { formatFileSize } from '../lib/format-file-size';
import { useSchemaForm } from '../lib/use-schema-form';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { describedByIds, FieldError } from './ui/field-error';
import { FieldLabel } from './ui/field-label';
import { controlClasses } from './ui/text-field';

const SEND_ERROR_KEYS = {
  threadClosed: 'composer.errors.closed',
  messagesWindowClosed: 'composer.errors.window',
  messageRateLimited: 'composer.errors.rateLimited',
  documentTypeInvalid: 'composer.errors.fileType',
  payloadTooLarge: 'composer.errors.tooLarge',
  threadNotFound: 'composer.errors.gone',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const ACCEPTED: readonly string[] = MESSAGE_ATTACHMENT_TYPES;

/**
 * Writing in a thread: the text (up to 5,000 characters) and files to attach (PDF, PNG, JPEG up
 * to 10 MB, each sent as a message of its own). A file the server would refuse is said at once;
 * the server checks every file by its content anyway.
 */
export function MessageComposer({ threadId }: { threadId: string }) {
  const { t, i18n } = useTranslation('messages');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const sending = useSendMessage();
  // With files attached the text may be empty; without, there must be one.
  const form = useSchemaForm({
    schema: files.length > 0 ? messageWithFilesSchema : sendMessageRequestSchema,
    defaultValues: { text: '' },
  });
  const text = form.field('text');
  const hintId = `${id}-hint`;
  const filesHintId = `${id}-files-hint`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const ok = chosen.filter(
      (f) => ACCEPTED.includes(f.type) && f.size > 0 && f.size <= MESSAGE_ATTACHMENT_MAX_BYTES,
    );
    setRefused(chosen.filter((f) => !ok.includes(f)).map((f) => f.name));
    const next = [...files, ...ok];
    setTooMany(next.length > MESSAGE_FILES_PER_SEND);
    setFiles(next.slice(0, MESSAGE_FILES_PER_SEND));
    sending.reset();
  };

  const remove = (index: number) => {
    setFiles(files.filter((_, at) => at !== index));
    setTooMany(false);
    // Back to the file input, so the keyboard is not lost with the removed row.
    fileInput.current?.focus();
  };

  const submit = form.handleSubmit(async ({ text: value }) => {
    try {
      await sending.mutateAsync({ threadId, text: value, files });
      form.reset();
      setFiles([]);
      setRefused([]);
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <div className="space-y-1.5">
        <FieldLabel htmlFor={`${id}-text`} required={files.length === 0}>
          {t('composer.label')}
        </FieldLabel>
        <textarea
          id={`${id}-text`}
          name={text.name}
          rows={4}
          maxLength={MESSAGE_TEXT_MAX}
          value={text.value}
          onChange={text.onChange}
          onBlur={text.onBlur}
          aria-invalid={text['aria-invalid']}
          aria-describedby={describedByIds(hintId, text['aria-describedby'])}
          className={controlClasses(Boolean(text.error))}
        />
        <p id={hintId} className="text-xs text-slate-600">
          {t('composer.hint')}
        </p>
        <FieldError id={text.errorId} error={text.error} />
      </div>

      <div className="space-y-1.5">
        <label htmlFor={`${id}-files`} className="block text-sm font-medium text-slate-800">
          {t('composer.attach')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept={MESSAGE_ATTACHMENT_TYPES.join(',')}
          onChange={choose}
          aria-describedby={filesHintId}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold file:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
        />
        <p id={filesHintId} className="text-xs text-slate-600">
          {t('composer.attachHint')}
        </p>
        {files.length > 0 && (
          <ul className="space-y-1" aria-label={t('composer.chosen')}>
            {files.map((file, index) => (
              <li
                key={`${file.name}-${index}`}
                className="flex items-center justify-between gap-2 text-sm"
              >
                <span className="min-w-0 break-words text-slate-800">
                  {file.name}{' '}
                  <span className="text-slate-600">
                    ({formatFileSize(file.size, i18n.language)})
                  </span>
                </span>
                <Button variant="ghost" onClick={() => remove(index)}>
                  {t('composer.remove', { name: file.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div aria-live="polite">
          {refused.map((name) => (
            <p key={name} className="text-sm text-red-700">
              {t('composer.fileRefused', { name })}
            </p>
          ))}
          {tooMany && (
            <p className="text-sm text-red-700">
              {t('composer.tooManyFiles', { max: MESSAGE_FILES_PER_SEND })}
            </p>
          )}
        </div>
      </div>

      {sending.isError && (
        <Alert tone="error">
          {t(errorKey(sending.error, SEND_ERROR_KEYS, 'composer.errors.failed'))}
        </Alert>
      )}
      <div aria-live="polite" className="sr-only">
        {sending.isSuccess && t('composer.sent')}
      </div>
      <Button type="submit" busy={sending.isPending}>
        {t('composer.send')}
      </Button>
    </form>
  );
}
