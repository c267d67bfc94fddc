import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelAppointmentRequestSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedByIds } from '../../../components/ui/field-error';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCancelAppointment, type CancelAppointmentResult } from '../api/cancel-appointment';
import { refundPreview } from '../utils/cancellation-policy';
import { cancelErrorKey } from '../utils/error-keys';
import { FormActions } from '../../../components/ui/form-actions';
import { summaryValues } from '../utils/appointment-summary';
import { formatInstantDate } from '../../../lib/dates';

/**
 * The cancel dialog (spec §2, §5): a reason of 10 to 500 characters with a counter, what happens
 * to the payment under the cancellation policy — said before the patient confirms — and the
 * server's refusal, if any, in the dialog. A prescription request (issue #21) is named by its
 * doctor and the day it was made, and always refunded in full. Mounted only while open.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
  onCancelled,
}: {
  appointment: Appointment;
  onClose: () => void;
  onCancelled: (result: CancelAppointmentResult) => void;
}) {
  const { t } = useTranslation('appointments');
  const cancel = useCancelAppointment();
  const form = useSchemaForm({
    schema: cancelAppointmentRequestSchema,
    defaultValues: { reason: '' },
  });
  // The policy as of the moment the dialog opened.
  const [openedAt] = useState(() => new Date());
  const summaryId = useId();
  const refundId = useId();
  // Whether the server's refusal named the field (then it is shown there, not below).
  const [fieldRejected, setFieldRejected] = useState(false);

  const refund = refundPreview(appointment, openedAt);
  const busy = form.isSubmitting;
  const isRequest = appointment.plan === 'prescription';
  const summary = isRequest
    ? t('cancelDialog.requestSummary', {
        doctor: summaryValues(appointment, t).doctor,
        date: formatInstantDate(appointment.startsAt) ?? appointment.startsAt,
      })
    : t('cancelDialog.summary', summaryValues(appointment, t));

  const onSubmit = form.handleSubmit(async ({ reason: text }) => {
    setFieldRejected(false);
    try {
      const result = await cancel.mutateAsync({
        appointmentId: appointment._id,
        doctorId: appointment.doctorId._id,
        reason: text,
      });
      onCancelled(result);
    } catch (error) {
      // A field error of a 400 goes under the field; anything else is said below it.
      setFieldRejected(form.setServerErrors(error));
    }
  });

  const generalError = cancel.isError && !fieldRejected ? t(cancelErrorKey(cancel.error)) : null;
  const refundNote =
    refund.kind === 'full'
      ? t('cancelDialog.refundFull', { amount: refund.amount, currency: refund.currency })
      : refund.kind === 'none'
        ? t('cancelDialog.refundNone')
        : null;

  return (
    <Dialog
      title={isRequest ? t('cancelDialog.requestTitle') : t('cancelDialog.title')}
      descriptionId={describedByIds(summaryId, refundNote ? refundId : undefined)}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={summaryId} className="mt-2 text-sm text-slate-700">
        {summary}
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 space-y-3"
        aria-busy={busy || undefined}
      >
        <ReasonField
          label={t('cancelDialog.reason')}
          field={form.field('reason')}
          disabled={busy}
          counter={(count, max) => t('cancelDialog.counter', { count, max })}
        />

        {refundNote && (
          <p
            id={refundId}
            className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
          >
            {refundNote}
          </p>
        )}

        {generalError && <Alert tone="error">{generalError}</Alert>}

        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {isRequest ? t('cancelDialog.requestKeep') : t('cancelDialog.keep')}
          </Button>
          <Button
            type="submit"
            busy={busy}
            // Spec §5: disabled while the reason is empty.
            disabled={form.hasEmptyField}
          >
            {isRequest ? t('cancelDialog.requestConfirm') : t('cancelDialog.confirm')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
