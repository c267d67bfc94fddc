import { useTranslation } from 'react-i18next';
import { declinePrescriptionRequestSchema } from '@vizita/shared/contracts/prescription-requests';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';
import { useDeclinePrescriptionRequest } from '../api/decline-prescription-request';
import { StaffReasonDialog } from './staff-reason-dialog';

const ERROR_KEYS = {
  // Answered (a prescription issued) or withdrawn by the patient while the dialog was open.
  prescriptionRequestAnswered: 'requests.decline.answered',
  prescriptionRequestNotFound: 'requests.decline.notFound',
  tooManyRequests: 'requests.decline.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/**
 * The doctor declines a repeat prescription request (issue #21): a reason the patient reads (10
 * to 500 characters, the shared schema and messages of a doctor's cancellation), and the promise
 * that she is refunded in full.
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
  return (
    <StaffReasonDialog
      copy={{
        title: t('requests.decline.title'),
        intro: t('requests.decline.intro', { name: patientName }),
        reason: t('requests.decline.reason'),
        keep: t('requests.decline.keep'),
        confirm: t('requests.decline.confirm'),
        counter: (count, max) => t('requests.decline.counter', { count, max }),
      }}
      schema={declinePrescriptionRequestSchema}
      submit={(reason) => decline.mutateAsync({ appointmentId, reason })}
      refusal={(error) => t(errorKey(error, ERROR_KEYS, 'requests.decline.failed'))}
      onClose={onClose}
      onDone={onDeclined}
    />
  );
}
