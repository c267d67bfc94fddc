import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelAppointmentRequestSchema } from '@vizita/shared/contracts/appointments';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { errorKey } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCancelAsDoctor } from '../api/cancel-as-doctor';

const ERROR_KEYS = {
  // The consultation began while the dialog was open (the server's rule, ADR 0012).
  cancelTooLate: 'cancel.tooLate',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** The refusal in the doctor's words: a known code, else "could not be cancelled". */
const cancelErrorKey = (error: unknown) => errorKey(error, ERROR_KEYS, 'cancel.failed');

/**
 * The doctor cancels: a reason the patient reads (the spec's 10–500 characters, the shared
 * schema), and the promise that the patient is refunded in full (ADR 0012).
 */
export function DoctorCancelDialog({
  appointmentId,
  onClose,
  onCancelled,
}: {
  appointmentId: string;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('doctor');
  const cancel = useCancelAsDoctor();
  const form = useSchemaForm({
    schema: cancelAppointmentRequestSchema,
    defaultValues: { reason: '' },
  });
  const introId = useId();
  // Whether the server's refusal named the field (then it is shown there, not below it).
  const [fieldRejected, setFieldRejected] = useState(false);
  const busy = form.isSubmitting;

  const submit = form.handleSubmit(async (body) => {
    setFieldRejected(false);
    try {
      await cancel.mutateAsync({ appointmentId, reason: body.reason });
      onCancelled();
    } catch (error) {
      setFieldRejected(form.setServerErrors(error));
    }
  });

  return (
    <Dialog title={t('cancel.title')} descriptionId={introId} onClose={onClose} dismissible={!busy}>
      <p id={introId} className="mt-2 text-sm text-slate-700">
        {t('cancel.intro')}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-3"
        aria-busy={busy || undefined}
      >
        <ReasonField label={t('cancel.reason')} field={form.field('reason')} disabled={busy} />
        {cancel.isError && !fieldRejected && (
          <Alert tone="error">{t(cancelErrorKey(cancel.error))}</Alert>
        )}
        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('cancel.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
