import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ClinicalDocument,
  ClinicalDocumentKind,
} from '@vizita/shared/contracts/clinical-documents';
import type { RequestedMedication } from '@vizita/shared/contracts/prescription-request-details';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';

/** What each document dialog takes: the consultation, and the document when it corrects one. */
export interface ClinicalDocumentDialogProps {
  appointmentId: string;
  /** The consultation's day in the doctor's zone (a sick note's days are counted from it). */
  consultationDate: string;
  /** Correct this document (the form starts with its content); absent: issue a new one. */
  document?: ClinicalDocument | undefined;
  /** A prescription request's medicine (issue #21): a new prescription starts with it. */
  prefill?: RequestedMedication | undefined;
  onClose: () => void;
  onDone: (document: ClinicalDocument) => void;
}

const TITLE_KEYS = {
  prescription: { issue: 'prescription.title', correct: 'prescription.correctTitle' },
  'sick-note': { issue: 'sickNote.title', correct: 'sickNote.correctTitle' },
  referral: { issue: 'referral.title', correct: 'referral.correctTitle' },
} as const satisfies Record<ClinicalDocumentKind, { issue: string; correct: string }>;

const SUBMIT_KEYS = {
  prescription: 'prescription.submit',
  'sick-note': 'sickNote.submit',
  referral: 'referral.submit',
} as const satisfies Record<ClinicalDocumentKind, string>;

/**
 * The frame of the prescription, sick-note and referral dialogs: the title, what issuing (or
 * correcting) means, the form, the API's refusal, and Cancel / Issue. Mounted only while open.
 */
export function ClinicalDocumentDialog({
  kind,
  document,
  busy,
  errorText,
  intro,
  onClose,
  onSubmit,
  children,
}: {
  kind: ClinicalDocumentKind;
  document: ClinicalDocument | undefined;
  busy: boolean;
  /** The refusal to show (translated), if the last submit failed. */
  errorText: string | undefined;
  /** More than the common explanation: the sick note's limit. */
  intro?: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('clinicalDocuments');
  const introId = useId();
  return (
    <Dialog
      title={t(TITLE_KEYS[kind][document ? 'correct' : 'issue'])}
      descriptionId={introId}
      onClose={onClose}
      dismissible={!busy}
    >
      <div id={introId} className="mt-2 space-y-2 text-sm text-slate-700">
        <p>
          {document
            ? t('dialog.correctIntro', { version: document.version })
            : t('dialog.issueIntro')}
        </p>
        {intro}
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-busy={busy || undefined}>
        {children}
        {errorText && <Alert tone="error">{errorText}</Alert>}
        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {document ? t('dialog.saveCorrection') : t(SUBMIT_KEYS[kind])}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
