import { useTranslation } from 'react-i18next';
import { cancelAppointmentRequestSchema } from '@vizita/shared/contracts/appointments';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';
import { useCancelAsDoctor } from '../api/cancel-as-doctor';
import { StaffReasonDialog } from './staff-reason-dialog';

const ERROR_KEYS = {
  // The consultation began while the dialog was open (the server's rule, ADR 0012).
  cancelTooLate: 'cancel.tooLate',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

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
  return (
    <StaffReasonDialog
      copy={{
        title: t('cancel.title'),
        intro: t('cancel.intro'),
        reason: t('cancel.reason'),
        keep: t('cancel.keep'),
        confirm: t('cancel.confirm'),
      }}
      schema={cancelAppointmentRequestSchema}
      submit={(reason) => cancel.mutateAsync({ appointmentId, reason })}
      refusal={(error) => t(errorKey(error, ERROR_KEYS, 'cancel.failed'))}
      onClose={onClose}
      onDone={onCancelled}
    />
  );
}
