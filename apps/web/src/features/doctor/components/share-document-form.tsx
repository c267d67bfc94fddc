import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  type AppointmentDocument,
} from '@vizita/shared/contracts/documents';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedByIds, FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useValidationMessage } from '../../../lib/i18n';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useShareDocument } from '../api/share-document';

const NEW_DOCUMENT = '';

/** What is checked before a file is sent (the server checks its bytes again). */
const shareSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'titleRequired')),
  file: z
    .file('fileRequired')
    .check(z.mime([...DOCUMENT_TYPES], 'wrongType'), z.maxSize(DOCUMENT_MAX_BYTES, 'tooLarge')),
});

/** The form's own words for what it checks; anything else is the shared validation text. */
const PROBLEM_KEYS = {
  titleRequired: 'documents.share.titleRequired',
  fileRequired: 'documents.share.fileRequired',
  wrongType: 'documents.share.wrongType',
  tooLarge: 'documents.share.tooLarge',
} as const;

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
  // A file input cannot be emptied by a value: a new one replaces it after a share.
  const [fileInput, setFileInput] = useState(0);
  const form = useSchemaForm({
    schema: formSchema({
      schema: shareSchema,
      // A correction keeps the title of the document it corrects unless given another.
      toInput: ({
        title,
        corrects,
        file,
      }: {
        corrects: string;
        title: string;
        file: File | null;
      }) => ({
        title: title.trim() || documents.find((d) => d.documentId === corrects)?.title || '',
        file,
      }),
    }),
    defaultValues: { corrects: NEW_DOCUMENT, title: '', file: null as File | null },
  });
  const share = useShareDocument();
  const validationMessage = useValidationMessage();
  const problem = (key: string | undefined) =>
    key !== undefined && Object.hasOwn(PROBLEM_KEYS, key)
      ? t(PROBLEM_KEYS[key as keyof typeof PROBLEM_KEYS])
      : validationMessage(key);
  const { corrects } = form.values;
  const fileError = problem(form.errors.file);

  const submit = form.handleSubmit(({ title, file: chosen }) =>
    share.mutate(
      { appointmentId, title, file: chosen, documentId: corrects || undefined },
      {
        onSuccess: () => {
          form.reset();
          setFileInput((n) => n + 1);
        },
      },
    ),
  );

  const serverProblem = share.isError
    ? isApiError(share.error) && share.error.code === 'documentTypeInvalid'
      ? t('documents.share.wrongType')
      : isApiError(share.error) && share.error.code === 'documentsClosed'
        ? t('documents.share.closed')
        : t('documents.share.failed')
    : null;

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      {documents.length > 0 && (
        <SelectField label={t('documents.share.corrects')} {...form.field('corrects')}>
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
        maxLength={DOCUMENT_TITLE_MAX}
        {...form.field('title')}
        error={problem(form.errors.title)}
        required={corrects === NEW_DOCUMENT}
      />
      <div className="space-y-1.5">
        <FieldLabel htmlFor={fileId} required>
          {t('documents.share.file')}
        </FieldLabel>
        <input
          id={fileId}
          key={fileInput}
          name="file"
          type="file"
          required
          accept={DOCUMENT_TYPES.join(',')}
          onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null)}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedByIds(
            `${fileId}-hint`,
            fileError ? `${fileId}-error` : undefined,
          )}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-medium focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          {t('documents.share.fileHint')}
        </p>
        <FieldError id={`${fileId}-error`} error={fileError} />
      </div>
      {serverProblem && <Alert tone="error">{serverProblem}</Alert>}
      {share.isSuccess && <Alert tone="success">{t('documents.share.done')}</Alert>}
      <Button type="submit" disabled={share.isPending}>
        {share.isPending ? t('documents.share.sending') : t('documents.share.submit')}
      </Button>
    </form>
  );
}
