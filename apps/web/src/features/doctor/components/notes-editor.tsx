import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PATIENT_SUMMARY_MAX,
  PRIVATE_NOTES_MAX,
  saveNotesRequestSchema,
  type ConsultationNotes,
} from '@vizita/shared/contracts/doctor-console';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { describedByIds, FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { LoadingState } from '../../../components/ui/spinner';
import { controlClasses } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { formatInstantDate, formatShortDateTime } from '../../../lib/dates';
import { useSchemaForm, type FieldProps } from '../../../lib/use-schema-form';
import { useConsultationNotes, useSaveConsultationNotes } from '../api/consultation-notes';

function NotesField({
  label,
  hint,
  max,
  disabled,
  field,
  onChange,
}: {
  label: string;
  hint: string;
  max: number;
  disabled: boolean;
  field: FieldProps<string>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        name={field.name}
        rows={5}
        // Typing stops at the limit rather than failing on save.
        maxLength={max}
        value={field.value}
        disabled={disabled}
        aria-invalid={field['aria-invalid']}
        aria-describedby={describedByIds(hintId, field['aria-describedby'])}
        onChange={(e) => onChange(e.target.value)}
        onBlur={field.onBlur}
        className={controlClasses(Boolean(field.error))}
      />
      <p id={hintId} className="text-xs text-slate-600">
        {hint}
      </p>
      <FieldError id={field.errorId} error={field.error} />
    </div>
  );
}

function Editor({
  appointmentId,
  notes,
  save,
}: {
  appointmentId: string;
  notes: ConsultationNotes;
  save: ReturnType<typeof useSaveConsultationNotes>;
}) {
  const { t } = useTranslation('doctor');
  const latest = notes.versions[0];
  const form = useSchemaForm({
    schema: saveNotesRequestSchema,
    defaultValues: { privateNotes: latest?.privateNotes ?? '', summary: latest?.summary ?? '' },
  });
  // Whether the server's refusal named a field (then it is shown there, not below the form).
  const [fieldRejected, setFieldRejected] = useState(false);
  const until = formatInstantDate(notes.editableUntil) ?? notes.editableUntil;
  const busy = form.isSubmitting || save.isPending;
  const submit = form.handleSubmit(async (body) => {
    setFieldRejected(false);
    try {
      await save.mutateAsync({ appointmentId, ...body });
    } catch (error) {
      setFieldRejected(form.setServerErrors(error));
    }
  });
  const failure =
    save.isError && !fieldRejected
      ? isApiError(save.error) && save.error.code === 'notesChanged'
        ? t('notes.changed')
        : t('notes.failed')
      : null;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-4"
      noValidate
      aria-busy={busy || undefined}
    >
      <p className="text-sm text-slate-700">
        {notes.editable
          ? t('notes.editableUntil', { date: until })
          : t('notes.locked', { date: until })}
      </p>
      <NotesField
        label={t('notes.private')}
        hint={t('notes.privateHint')}
        max={PRIVATE_NOTES_MAX}
        disabled={!notes.editable || busy}
        field={form.field('privateNotes')}
        onChange={(privateNotes) => form.setFieldValues({ privateNotes })}
      />
      <NotesField
        label={t('notes.summary')}
        hint={t('notes.summaryHint')}
        max={PATIENT_SUMMARY_MAX}
        disabled={!notes.editable || busy}
        field={form.field('summary')}
        onChange={(summary) => form.setFieldValues({ summary })}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      {save.isSuccess && latest && (
        <Alert tone="success">{t('notes.saved', { version: latest.version })}</Alert>
      )}
      {notes.editable && (
        <Button type="submit" disabled={busy}>
          {busy ? t('notes.saving') : t('notes.save')}
        </Button>
      )}
      {notes.versions.length > 1 && (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-900">
            {t('notes.history', { count: notes.versions.length - 1 })}
          </summary>
          <ol className="mt-2 space-y-3">
            {notes.versions.slice(1).map((v) => (
              <li key={v.version} className="border-t border-slate-100 pt-2">
                <p className="text-xs text-slate-600">
                  {t('notes.version', {
                    version: v.version,
                    date: formatShortDateTime(v.createdAt) ?? v.createdAt,
                    author: v.authorName ?? '',
                  })}
                </p>
                <p className="mt-1 text-xs font-medium text-slate-700">{t('notes.private')}</p>
                <p className="break-words whitespace-pre-line">
                  {v.privateNotes || t('notes.empty')}
                </p>
                <p className="mt-1 text-xs font-medium text-slate-700">{t('notes.summary')}</p>
                <p className="break-words whitespace-pre-line">{v.summary || t('notes.empty')}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </form>
  );
}

/**
 * Private notes and the patient's summary, versioned (ADR 0016). `opened`: the call's window has
 * opened, from when notes can be written.
 */
export function NotesEditor({ appointmentId, opened }: { appointmentId: string; opened: boolean }) {
  const { t } = useTranslation('doctor');
  const notes = useConsultationNotes(appointmentId);
  // Here, not in the editor: the editor is remounted by a save, its outcome must stay on screen.
  const save = useSaveConsultationNotes();
  let body;
  if (notes.data && !opened && notes.data.versions.length === 0)
    body = <p className="mt-3 text-sm text-slate-700">{t('notes.notYet')}</p>;
  else if (notes.data)
    // Keyed by the newest version: after a save the fields start from what was stored.
    body = (
      <Editor
        key={notes.data.versions[0]?.version ?? 0}
        appointmentId={appointmentId}
        notes={notes.data}
        save={save}
      />
    );
  else if (notes.isError) body = <Alert tone="error">{t('notes.loadFailed')}</Alert>;
  else body = <LoadingState />;
  return (
    <Card>
      <section aria-labelledby="consultation-notes">
        <h2 id="consultation-notes" className="text-lg font-semibold text-slate-900">
          {t('notes.heading')}
        </h2>
        {body}
      </section>
    </Card>
  );
}
