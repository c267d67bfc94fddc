import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '../api/query-keys';
import { startAppointmentThread, useAppointmentThread } from '../api/message-thread-of';
import { isApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/dates';
import { useMutationAction } from '../lib/use-mutation-action';
import { MessageThread } from './message-thread';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ErrorState } from './ui/error-state';
import { LoadingState } from './ui/spinner';

/**
 * The conversation about one appointment on the doctor's consultation page: whether there is one
 * and what is unread (no text), the messages on request — every read of them is written to the
 * patient's access log, like the profile's (ADR 0016) — or a way to write the first message.
 * Outside the appointment's window the server answers 404 and the panel says messages are closed.
 */
export function AppointmentMessagesPanel({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const found = useAppointmentThread(appointmentId);
  const [open, setOpen] = useState(false);
  const starting = useMutationAction(startAppointmentThread, {
    onSuccess: () => {
      setOpen(true);
      return queryClient.invalidateQueries({ queryKey: messageKeys.appointment(appointmentId) });
    },
  });

  let body;
  if (found.isError)
    body =
      isApiError(found.error) && found.error.statusCode === 404 ? (
        <p className="text-sm text-slate-700">{t('panel.closed')}</p>
      ) : (
        <ErrorState
          message={t('panel.error')}
          retrying={found.isFetching}
          onRetry={() => void found.refetch()}
        />
      );
  else if (found.isPending) body = <LoadingState label={t('panel.loading')} />;
  else if (found.data === null)
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t('panel.none')}</p>
        <Button
          variant="secondary"
          busy={starting.isPending}
          onClick={() => starting.mutate(appointmentId)}
        >
          {t('panel.start')}
        </Button>
        {starting.isError && <Alert tone="error">{t('panel.startFailed')}</Alert>}
      </div>
    );
  else if (!open)
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {found.data.unread > 0
            ? t('panel.unread', { count: found.data.unread })
            : found.data.lastMessageAt
              ? t('panel.last', { date: formatDateTime(found.data.lastMessageAt) })
              : t('panel.none')}
        </p>
        <p className="text-sm text-slate-700">{t('panel.audited')}</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('panel.show')}
        </Button>
      </div>
    );
  else
    body = (
      <MessageThread
        threadId={found.data._id}
        viewer="practice"
        headingLevel={3}
        label={t('panel.conversation')}
      />
    );

  return (
    <Card>
      <section aria-labelledby="appointment-messages" className="space-y-4">
        <h2 id="appointment-messages" className="text-lg font-semibold text-slate-900">
          {t('panel.heading')}
        </h2>
        {body}
      </section>
    </Card>
  );
}
