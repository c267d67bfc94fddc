import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  type AppointmentDocument,
} from '@vizita/shared/contracts/documents';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/field-label';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useShareDocument } from '../api/share-document';

const NEW_DOCUMENT = '';

/**
 * The doctor gives the patient a file after the visit: a new document, or a corrected version
 * of one already given (the earlier version stays visible to the patient as replaced).
 */
export function ShareDocumentForm({
  appointmentId,
  documents,
}: {
  appointmentId: string;
  documents: AppointmentDocument[];
}) {
  const { t } = useTranslation('appointments');
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [corrects, setCorrects] = useState(NEW_DOCUMENT);
  const [problem, setProblem] = useState<string | null>(null);
  const share = useShareDocument();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const chosenTitle =
      title.trim() || documents.find((d) => d.documentId === corrects)?.title || '';
    if (!file) return setProblem(t('documents.share.fileRequired'));
    if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type))
      return setProblem(t('documents.share.wrongType'));
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(t('documents.share.tooLarge'));
    if (!chosenTitle) return setProblem(t('documents.share.titleRequired'));
    setProblem(null);
    share.mutate(
      { appointmentId, title: chosenTitle, file, documentId: corrects || undefined },
      {
        onSuccess: () => {
          setTitle('');
          setCorrects(NEW_DOCUMENT);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const serverProblem = share.isError
    ? isApiError(share.error) && share.error.code === 'documentTypeInvalid'
      ? t('documents.share.wrongType')
      : isApiError(share.error) && share.error.code === 'documentsClosed'
        ? t('documents.share.closed')
        : t('documents.share.failed')
    : null;

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {documents.length > 0 && (
        <SelectField
          label={t('documents.share.corrects')}
          value={corrects}
          onChange={(e) => setCorrects(e.target.value)}
        >
          <option value={NEW_DOCUMENT}>{t('documents.share.newDocument')}</option>
          {documents.map((d) => (
            <option key={d.documentId} value={d.documentId}>
              {t('documents.share.correctionOf', { title: d.title })}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={t('documents.share.title')}
        hint={t('documents.share.titleHint')}
        value={title}
        maxLength={DOCUMENT_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
        required={corrects === NEW_DOCUMENT}
      />
      <div className="space-y-1.5">
        <FieldLabel htmlFor={fileId} required>
          {t('documents.share.file')}
        </FieldLabel>
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          required
          accept={DOCUMENT_TYPES.join(',')}
          aria-describedby={`${fileId}-hint`}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-medium focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          {t('documents.share.fileHint')}
        </p>
      </div>
      {(problem ?? serverProblem) && <Alert tone="error">{problem ?? serverProblem}</Alert>}
      {share.isSuccess && <Alert tone="success">{t('documents.share.done')}</Alert>}
      <Button type="submit" disabled={share.isPending}>
        {share.isPending ? t('documents.share.sending') : t('documents.share.submit')}
      </Button>
    </form>
  );
}
