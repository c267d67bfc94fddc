import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueClinicalDocumentSchema } from '@vizita/shared/contracts/clinical-documents';
import { daysBetween, isCalendarDate } from '@vizita/shared/domain/calendar-date';
import {
  checkSickNote,
  SICK_NOTE_BACKDATE_MAX_DAYS,
  SICK_NOTE_CERTIFICATES,
  SICK_NOTE_MAX_DAYS_KNOWN_PATIENT,
  SICK_NOTE_MAX_DAYS_NEW_PATIENT,
  type SickNoteCertificate,
  type SickNoteProblem,
} from '@vizita/shared/domain/sick-notes';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { SICK_NOTE_CERTIFICATE_KEYS } from '../../../components/clinical-document-summary';
import { TextField } from '../../../components/ui/text-field';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSubmitClinicalDocument } from '../hooks/use-submit-clinical-document';
import { SICK_NOTE_PROBLEM_KEYS } from '../utils/clinical-document-errors';
import {
  ClinicalDocumentDialog,
  type ClinicalDocumentDialogProps,
} from './clinical-document-dialog';

type Fields = { start: string; end: string; certificate: SickNoteCertificate };

const sickNoteFormSchema = formSchema({
  schema: issueClinicalDocumentSchema,
  toInput: (f: Fields) => ({ kind: 'sick-note', content: f }),
  fieldOf: (path) => (path[0] === 'content' ? path.slice(1) : path),
});

/** The calendar days from `start` to `end`, both included; none while a date is incomplete. */
function daysOf({ start, end }: Fields): number | undefined {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return undefined;
  const days = daysBetween(start, end) + 1;
  return days >= 1 ? days : undefined;
}

/**
 * "Write a sick note" (issue #21): the first and last day of incapacity and whether it is a first
 * or a follow-up certificate. The rule for video consultations (German AU guideline) is said
 * before the doctor submits; what this screen cannot know — whether the practice knows the
 * patient — the API decides, and its refusal is said in the same words.
 */
export function SickNoteDialog({
  appointmentId,
  consultationDate,
  document,
  onClose,
  onDone,
}: ClinicalDocumentDialogProps) {
  const { t } = useTranslation('clinicalDocuments');
  const submission = useSubmitClinicalDocument(appointmentId, document);
  const limitId = useId();
  const [initial] = useState<Fields>(() =>
    document && 'start' in document.content
      ? { ...document.content }
      : {
          start: consultationDate,
          end: addDays(consultationDate, SICK_NOTE_MAX_DAYS_NEW_PATIENT - 1),
          certificate: 'first',
        },
  );
  const form = useSchemaForm({ schema: sickNoteFormSchema, defaultValues: initial });
  // A problem the rule finds before sending (whatever the practice knows of the patient).
  const [problem, setProblem] = useState<SickNoteProblem>();
  const busy = form.isSubmitting;
  const days = daysOf(form.values);

  const changed = () => {
    setProblem(undefined);
    submission.reset();
  };

  const submit = form.handleSubmit(async (request) => {
    if (request.kind !== 'sick-note') return;
    // The most the rule allows anyone (a known patient); the API applies the patient's own limit.
    const check = checkSickNote({ ...request.content, knownPatient: true, consultationDate });
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    try {
      onDone(await submission.submit(request));
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  const errorKey = problem ? SICK_NOTE_PROBLEM_KEYS[problem] : submission.errorKey;
  const start = form.field('start');
  const end = form.field('end');

  return (
    <ClinicalDocumentDialog
      kind="sick-note"
      document={document}
      busy={busy}
      errorText={errorKey && t(errorKey)}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      intro={
        <div id={limitId} className="rounded-lg bg-sky-50 p-3 text-sky-950">
          <p className="font-medium">
            {t('sickNote.limit', {
              newMax: SICK_NOTE_MAX_DAYS_NEW_PATIENT,
              knownMax: SICK_NOTE_MAX_DAYS_KNOWN_PATIENT,
            })}
          </p>
          <p className="mt-1">
            {t('sickNote.limitMore', { backdate: SICK_NOTE_BACKDATE_MAX_DAYS })}
          </p>
        </div>
      }
    >
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{t('sickNote.period')}</legend>
        <TextField
          type="date"
          label={t('sickNote.start')}
          {...start}
          onChange={(event) => {
            start.onChange(event);
            changed();
          }}
          min={addDays(consultationDate, -SICK_NOTE_BACKDATE_MAX_DAYS)}
          max={consultationDate}
          aria-describedby={limitId}
          required
        />
        <TextField
          type="date"
          label={t('sickNote.end')}
          {...end}
          onChange={(event) => {
            end.onChange(event);
            changed();
          }}
          min={form.values.start || undefined}
          aria-describedby={limitId}
          required
        />
      </fieldset>
      <p aria-live="polite" className="text-sm text-slate-800">
        {days !== undefined && t('sickNote.days', { count: days })}
      </p>
      <fieldset disabled={busy} className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('sickNote.certificate')}</legend>
        {SICK_NOTE_CERTIFICATES.map((value) => (
          <label key={value} className="flex items-center gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name="certificate"
              value={value}
              checked={form.values.certificate === value}
              onChange={() => {
                form.setValue('certificate', value);
                changed();
              }}
              className="size-5 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            />
            {t(SICK_NOTE_CERTIFICATE_KEYS[value])}
          </label>
        ))}
        <p className="text-xs text-slate-600">{t('sickNote.followUpHint')}</p>
      </fieldset>
    </ClinicalDocumentDialog>
  );
}
