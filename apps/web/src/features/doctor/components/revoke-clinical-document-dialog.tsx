import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicalDocument } from '@vizita/shared/contracts/clinical-documents';
import { revokeDocumentSchema } from '@vizita/shared/contracts/verification';
import { CLINICAL_DOCUMENT_KIND_KEYS } from '../../../components/clinical-document-summary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { errorKey } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRevokeClinicalDocument } from '../api/revoke-clinical-document';
import { CLINICAL_DOCUMENT_ERROR_KEYS } from '../utils/clinical-document-errors';
import { TextAreaField } from './clinical-document-fields';

/** The reason's limit in the contract. */
const REASON_MAX = 500;

/**
 * "Revoke" an issued document (issue #21): why, and a confirmation that says what follows — the
 * patient and anyone who checks its code (a pharmacy, an employer) see that it was revoked. It
 * cannot be undone; the reason stays in the record, the verification page does not show it.
 */
export function RevokeClinicalDocumentDialog({
  document,
  onClose,
  onRevoked,
}: {
  document: ClinicalDocument;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { t } = useTranslation('clinicalDocuments');
  const revoke = useRevokeClinicalDocument();
  const form = useSchemaForm({
    schema: revokeDocumentSchema,
    defaultValues: { reason: '' },
  });
  const questionId = useId();
  const busy = form.isSubmitting;
  const kind = t(CLINICAL_DOCUMENT_KIND_KEYS[document.kind]);

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await revoke.mutateAsync({
        appointmentId: document.appointmentId,
        verificationId: document.verification.id,
        reason,
      });
      onRevoked();
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <Dialog
      title={t('revoke.title', { kind, code: document.verification.shortCode })}
      role="alertdialog"
      descriptionId={questionId}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={questionId} className="mt-2 text-sm text-slate-700">
        {t('revoke.explain')}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-4"
        aria-busy={busy || undefined}
      >
        <TextAreaField
          label={t('revoke.reason')}
          field={form.field('reason')}
          hint={t('revoke.reasonHint')}
          maxLength={REASON_MAX}
          disabled={busy}
          required
        />
        {revoke.isError && (
          <Alert tone="error">
            {t(errorKey(revoke.error, CLINICAL_DOCUMENT_ERROR_KEYS, 'errors.revokeFailed'))}
          </Alert>
        )}
        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('revoke.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('revoke.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
