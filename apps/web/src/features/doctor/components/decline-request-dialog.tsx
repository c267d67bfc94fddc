import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { declinePrescriptionRequestSchema } from '@vizita/shared/contracts/prescription-requests';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { errorKey } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeclinePrescriptionRequest } from '../api/decline-prescription-request';

const ERROR_KEYS = {
  // Answered (a prescription issued) or withdrawn by the patient while the dialog was open.
  prescriptionRequestAnswered: 'requests.decline.answered',
  prescriptionRequestNotFound: 'requests.decline.notFound',
  tooManyRequests: 'requests.decline.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** The refusal in the doctor's words: a known code, else "could not be declined". */
const declineErrorKey = (error: unknown) => errorKey(error, ERROR_KEYS, 'requests.decline.failed');

/**
 * The doctor declines a repeat prescription request (issue #21): a reason the patient reads (10
 * to 500 characters, the shared schema and messages of a doctor's cancellation), and the promise
 * that she is refunded in full. Mounted only while open.
 */
export function DeclineRequestDialog({
  appointmentId,
  patientName,
  onClose,
  onDeclined,
}: {
  appointmentId: string;
  patientName: string;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const { t } = useTranslation('doctor');
  const decline = useDeclinePrescriptionRequest();
  const form = useSchemaForm({
    schema: declinePrescriptionRequestSchema,
    defaultValues: { reason: '' },
  });
  const introId = useId();
  // Whether the server's refusal named the field (then it is shown there, not below it).
  const [fieldRejected, setFieldRejected] = useState(false);
  const busy = form.isSubmitting;

  const submit = form.handleSubmit(async ({ reason }) => {
    setFieldRejected(false);
    try {
      await decline.mutateAsync({ appointmentId, reason });
      onDeclined();
    } catch (error) {
      setFieldRejected(form.setServerErrors(error));
    }
  });

  return (
    <Dialog
      title={t('requests.decline.title')}
      descriptionId={introId}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={introId} className="mt-2 text-sm text-slate-700">
        {t('requests.decline.intro', { name: patientName })}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-3"
        aria-busy={busy || undefined}
      >
        <ReasonField
          label={t('requests.decline.reason')}
          field={form.field('reason')}
          disabled={busy}
          counter={(count, max) => t('requests.decline.counter', { count, max })}
        />
        {decline.isError && !fieldRejected && (
          <Alert tone="error">{t(declineErrorKey(decline.error))}</Alert>
        )}
        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('requests.decline.keep')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('requests.decline.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
