import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  issueClinicalDocumentSchema,
  REFERRAL_URGENCIES,
  type ReferralUrgency,
} from '@vizita/shared/contracts/clinical-documents';
import { SPECIALTY_CODES, specialtyName } from '@vizita/shared/domain/specialties';
import { REFERRAL_URGENCY_KEYS } from '../../../components/clinical-document-summary';
import { SelectField } from '../../../components/ui/select-field';
import { formSchema } from '../../../lib/form-schema';
import { isLocale } from '@vizita/shared/constants';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSubmitClinicalDocument } from '../hooks/use-submit-clinical-document';
import {
  ClinicalDocumentDialog,
  type ClinicalDocumentDialogProps,
} from './clinical-document-dialog';
import { TextAreaField } from './clinical-document-fields';

type Fields = { specialty: string; urgency: ReferralUrgency; question: string };

const referralFormSchema = formSchema({
  schema: issueClinicalDocumentSchema,
  toInput: (f: Fields) => ({ kind: 'referral', content: f }),
  fieldOf: (path) => (path[0] === 'content' ? path.slice(1) : path),
});

/** The question for the colleague: the contract's limit. */
const QUESTION_MAX = 2000;

/**
 * "Write a referral" (issue #21): to which specialty (named in the interface language), how
 * soon, and the question for the colleague.
 */
export function ReferralDialog({
  appointmentId,
  document,
  onClose,
  onDone,
}: ClinicalDocumentDialogProps) {
  const { t, i18n } = useTranslation('clinicalDocuments');
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const submission = useSubmitClinicalDocument(appointmentId, document);
  const [initial] = useState<Fields>(() =>
    document && 'specialty' in document.content
      ? { ...document.content }
      : { specialty: '', urgency: 'routine', question: '' },
  );
  const form = useSchemaForm({ schema: referralFormSchema, defaultValues: initial });
  const busy = form.isSubmitting;
  const specialties = useMemo(
    () =>
      SPECIALTY_CODES.map((code) => ({ code, name: specialtyName(code, locale) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );

  const submit = form.handleSubmit(async (request) => {
    try {
      onDone(await submission.submit(request));
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <ClinicalDocumentDialog
      kind="referral"
      document={document}
      busy={busy}
      errorText={submission.errorKey && t(submission.errorKey)}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <fieldset disabled={busy} className="space-y-3">
        <legend className="sr-only">{t('referral.title')}</legend>
        <SelectField
          label={t('referral.specialty')}
          {...form.field('specialty')}
          error={form.errors.specialty && t('referral.specialtyRequired')}
          placeholder={t('referral.specialtyChoose')}
          required
        >
          {specialties.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('referral.urgency')}
          {...form.field('urgency')}
          hint={t('referral.urgencyHint')}
          required
        >
          {REFERRAL_URGENCIES.map((urgency) => (
            <option key={urgency} value={urgency}>
              {t(REFERRAL_URGENCY_KEYS[urgency])}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('referral.question')}
          field={form.field('question')}
          hint={t('referral.questionHint')}
          maxLength={QUESTION_MAX}
          rows={5}
          required
        />
      </fieldset>
    </ClinicalDocumentDialog>
  );
}
