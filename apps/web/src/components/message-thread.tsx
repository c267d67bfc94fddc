import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, ThreadSummary } from '@vizita/shared/contracts/messages';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { useMessageThread, useMessageThreadSummary } from '../api/get-message-thread';
import { messageKeys } from '../api/query-keys';
import { useSetThreadReplies } from '../api/set-thread-replies';
import { formatDateTime, formatInstantDate } from '../lib/dates';
import { cn } from '../lib/cn';
import { usePersonName } from '../lib/person-name';
import { AppointmentWhen } from './appointment-when';
import { MessageAttachmentItem } from './message-attachment';
import { MessageComposer } from './message-composer';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { CheckboxField } from './ui/checkbox-field';
import { ErrorState } from './ui/error-state';
import { LoadingState } from './ui/spinner';

/** Whose screen a thread is on: the patient's, or the practice's (the doctor, the clinic). */
export type ThreadViewer = 'patient' | 'practice';

/**
 * What a thread is called on its reader's screens: for the patient, the doctor and the visit or
 * the clinic; for the practice, the patient (and the visit).
 */
export function ThreadTitle({ summary, viewer }: { summary: ThreadSummary; viewer: ThreadViewer }) {
  const { t } = useTranslation('messages');
  const personName = usePersonName();
  const a = summary.appointment;
  const who =
    viewer === 'practice'
      ? personName(summary.patient.name)
      : a
        ? a.doctorName || t('thread.doctorFallback')
        : t('thread.clinic');
  return (
    <>
      <span className="block font-semibold break-words text-slate-900">{who}</span>
      <span className="block text-sm text-slate-700">
        {a ? (
          <>
            {t('thread.aboutAppointment')}{' '}
            <AppointmentWhen
              date={a.date}
              slot={a.slot}
              {...(viewer === 'patient' ? { startsAt: a.startsAt, timeZone: a.timeZone } : {})}
            />
          </>
        ) : (
          t('thread.general')
        )}
      </span>
    </>
  );
}

function MessageItem({
  threadId,
  message,
  otherReadAt,
  viewer,
}: {
  threadId: string;
  message: Message;
  otherReadAt: string | null;
  viewer: ThreadViewer;
}) {
  const { t } = useTranslation('messages');
  const sender = message.mine
    ? t('thread.you')
    : (message.senderName ??
      (message.senderRole === 'patient' ? t('thread.patient') : t('thread.clinic')));
  const role =
    message.senderRole === 'admin' && viewer === 'patient' ? ` (${t('thread.clinic')})` : '';
  const read = message.mine && otherReadAt !== null && otherReadAt >= message.createdAt;
  return (
    <li className={cn('flex', message.mine ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'max-w-[min(36rem,100%)] space-y-2 rounded-2xl border p-3',
          message.mine ? 'border-teal-200 bg-teal-50' : 'border-slate-200 bg-white',
        )}
      >
        <p className="text-xs text-slate-700">
          <span className="font-semibold text-slate-900">
            {sender}
            {role}
          </span>
          {' · '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        {message.text && (
          <p className="break-words whitespace-pre-wrap text-slate-900">{message.text}</p>
        )}
        {message.attachments.map((attachment) => (
          <MessageAttachmentItem key={attachment._id} threadId={threadId} attachment={attachment} />
        ))}
        {message.mine && (
          <p className="text-right text-xs text-slate-600">
            {read ? t('thread.read') : t('thread.sent')}
          </p>
        )}
      </article>
    </li>
  );
}

/** The practice's choice, per thread, whether the patient may write. */
function RepliesToggle({ summary }: { summary: ThreadSummary }) {
  const { t } = useTranslation('messages');
  const setting = useSetThreadReplies();
  return (
    <div className="space-y-1">
      <CheckboxField
        label={t('thread.allowReplies')}
        checked={summary.patientMayReply}
        disabled={setting.isPending || summary.closedReason === 'window'}
        onChange={(event) =>
          setting.mutate({ threadId: summary._id, patientMayReply: event.target.checked })
        }
      />
      {setting.isError && <Alert tone="error">{t('thread.repliesFailed')}</Alert>}
    </div>
  );
}

/** Why the patient cannot write, said to the patient or to the practice. */
function ClosedNotice({ summary, viewer }: { summary: ThreadSummary; viewer: ThreadViewer }) {
  const { t } = useTranslation('messages');
  if (!summary.closedReason) return null;
  let text: string;
  if (summary.closedReason === 'window')
    text = t('thread.closedWindow', {
      date: summary.appointment ? formatInstantDate(summary.appointment.openUntil) : '',
    });
  else if (viewer === 'patient') text = t('thread.closedByPractice');
  else text = t('thread.repliesOff');
  return <Alert tone="info">{text}</Alert>;
}

/**
 * One conversation: the messages as a log (newest last, earlier ones on request), their files
 * with previews, read receipts on the reader's own messages, the composer while the reader may
 * write, and for the practice the choice whether the patient may reply. `top` is shown above the
 * messages (the patient's open follow-up proposals, say).
 *
 * It marks what it shows as read, and looks every 15 seconds whether a message has arrived (the
 * summary, which carries no text); the messages themselves are fetched only when one has, since
 * every read by the practice is written to the patient's access log.
 */
export function MessageThread({
  threadId,
  viewer,
  top,
  headingLevel = 2,
  label,
}: {
  threadId: string;
  viewer: ThreadViewer;
  top?: ReactNode;
  headingLevel?: 1 | 2 | 3;
  /** A heading of the caller's instead of the thread's title (a panel about one appointment). */
  label?: string;
}) {
  const { t } = useTranslation('messages');
  const logId = useId();
  const queryClient = useQueryClient();
  const thread = useMessageThread(threadId);
  const summary = useMessageThreadSummary(threadId);
  const markRead = useMarkThreadRead();
  const newest = thread.data?.pages[0];
  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((p) => p.messages) : [];
  const last = messages.at(-1);

  // A message arrived since the thread was loaded: load it (and only then).
  const arrived = summary.data?.lastMessageAt;
  useEffect(() => {
    if (newest && arrived && arrived !== newest.lastMessageAt)
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(threadId) });
  }, [arrived, newest, queryClient, threadId]);

  // What is shown is read: the other side's receipt, and the reader's unread counts.
  const readUpTo = useRef<string | null>(null);
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (!newest || !last || last.mine) return;
    if (newest.readAt !== null && newest.readAt >= last.createdAt) return;
    if (readUpTo.current === last.createdAt) return;
    readUpTo.current = last.createdAt;
    markAsRead({ threadId, upTo: last.createdAt });
  }, [last, newest, markAsRead, threadId]);

  if (thread.isError)
    return (
      <ErrorState
        message={t('thread.error')}
        retrying={thread.isFetching}
        onRetry={() => void thread.refetch()}
      />
    );
  if (!newest) return <LoadingState label={t('thread.loading')} />;

  const Heading = `h${headingLevel}` as const;
  const current = summary.data ?? newest;
  return (
    <section aria-labelledby={`${logId}-heading`} className="space-y-4">
      <Heading id={`${logId}-heading`} className="text-lg font-semibold text-slate-900">
        {label ?? <ThreadTitle summary={current} viewer={viewer} />}
      </Heading>
      {top}
      <ClosedNotice summary={current} viewer={viewer} />
      {current.canSetReplies && <RepliesToggle summary={current} />}
      {thread.hasNextPage && (
        <Button
          variant="secondary"
          busy={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          {t('thread.older')}
        </Button>
      )}
      {messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t('thread.empty')}</p>
      ) : (
        // A log: what arrives at its end is announced, politely.
        <div role="log" aria-label={t('thread.log')}>
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageItem
                key={message._id}
                threadId={threadId}
                message={message}
                otherReadAt={newest.otherReadAt}
                viewer={viewer}
              />
            ))}
          </ol>
        </div>
      )}
      {current.canWrite && <MessageComposer threadId={threadId} />}
    </section>
  );
}
