import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '@vizita/shared/contracts/on-demand';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormActions } from '../../../components/ui/form-actions';
import { formatAmount } from '../../../lib/money';
import { useLeaveQueue } from '../api/leave-queue';
import { leaveErrorKey } from '../utils/error-keys';

/**
 * "Leave the queue?" — asked, because her place is lost for good. Staying is the first control,
 * so Enter on an unread question keeps her place. Left, the page shows the refund.
 */
export function LeaveQueueDialog({ entry, onClose }: { entry: QueueEntry; onClose: () => void }) {
  const { t } = useTranslation('onDemand');
  const questionId = useId();
  const leave = useLeaveQueue();
  return (
    <Dialog
      role="alertdialog"
      title={t('queue.leaveDialog.title')}
      descriptionId={questionId}
      onClose={onClose}
      dismissible={!leave.isPending}
    >
      <p id={questionId} className="mt-2 text-slate-700">
        {t('queue.leaveDialog.question', {
          price: `${formatAmount(entry.price)} ${entry.currency}`,
        })}
      </p>
      {leave.isError && (
        <Alert tone="error" className="mt-4">
          {t(leaveErrorKey(leave.error))}
        </Alert>
      )}
      <FormActions className="mt-6">
        <Button variant="secondary" onClick={onClose} disabled={leave.isPending}>
          {t('queue.leaveDialog.stay')}
        </Button>
        <Button
          variant="danger"
          busy={leave.isPending}
          onClick={() => leave.mutate(entry.appointmentId, { onSuccess: onClose })}
        >
          {t('queue.leaveDialog.confirm')}
        </Button>
      </FormActions>
    </Dialog>
  );
}
