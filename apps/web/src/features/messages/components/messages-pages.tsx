import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { useMessageThreadSummary } from '../../../api/get-message-thread';
import { startAppointmentThread, startClinicThread } from '../../../api/message-thread-of';
import { FollowUpProposals } from '../../../components/follow-up-proposals';
import { MessageThread, type ThreadViewer } from '../../../components/message-thread';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { errorKey, isApiError } from '../../../lib/api-client';
import { useMutationAction, useMutationActionOnMount } from '../../../lib/use-mutation-action';
import { ThreadList } from './thread-list';

// Every page of Messages, for the three roles, in one module: one lazy import in each route
// table, so the first page's list of chunks to preload grows by one entry, not six (ADR 0010).

/**
 * /dashboard/messages (issue #20: "Contact Support" became Messages) — the patient's conversations
 * with their doctors, one per appointment, and with the clinic; writing to the clinic starts or
 * opens the general one.
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const opening = useMutationAction(startClinicThread, {});
  const writeToClinic = () =>
    opening.mutate(undefined, {
      onSuccess: (thread) => void navigate(`/dashboard/messages/${thread._id}`),
    });
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <PageTitle title={t('list.title')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('list.heading')}</h1>
          <p className="mt-1 text-slate-700">{t('list.intro')}</p>
        </div>
        <Button className="shrink-0" busy={opening.isPending} onClick={writeToClinic}>
          <MailIcon />
          {t('list.writeToClinic')}
        </Button>
      </div>
      {opening.isError && <Alert tone="error">{t('list.openFailed')}</Alert>}
      <ThreadList viewer="patient" basePath="/dashboard/messages" />
    </div>
  );
}

/** /doctor/messages and /admin/messages — the practice's conversations with its patients. */
function StaffMessagesPage({ area }: { area: 'doctor' | 'admin' }) {
  const { t } = useTranslation('messages');
  return (
    <div className="space-y-6">
      <PageTitle title={t('list.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('list.heading')}</h1>
        <p className="mt-1 text-slate-700">
          {area === 'doctor' ? t('list.doctorIntro') : t('list.adminIntro')}
        </p>
      </div>
      <ThreadList viewer="practice" basePath={`/${area}/messages`} />
    </div>
  );
}

export const DoctorMessagesPage = () => <StaffMessagesPage area="doctor" />;
export const AdminMessagesPage = () => <StaffMessagesPage area="admin" />;

const linkClass =
  'rounded text-sm font-medium text-teal-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** One conversation on its own page, for the patient or the practice. */
function ThreadPage({ viewer, basePath }: { viewer: ThreadViewer; basePath: string }) {
  const { t } = useTranslation('messages');
  const { threadId = '' } = useParams();
  const summary = useMessageThreadSummary(threadId);
  const back = (
    <Link to={basePath} className={linkClass}>
      {t('thread.back')}
    </Link>
  );
  // Another's thread and one that does not exist are the same 404.
  if (isApiError(summary.error) && summary.error.statusCode === 404)
    return (
      <div className="space-y-4">
        <PageTitle title={t('thread.title')} />
        {back}
        <Alert tone="error">{t('thread.notFound')}</Alert>
      </div>
    );
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <PageTitle title={t('thread.title')} />
      {back}
      <MessageThread
        threadId={threadId}
        viewer={viewer}
        headingLevel={1}
        top={
          // The follow-up visit the doctor proposed after this consultation, to accept here.
          viewer === 'patient' && summary.data?.appointment ? (
            <FollowUpProposals appointmentId={summary.data.appointment._id} />
          ) : null
        }
      />
    </div>
  );
}

/** /dashboard/messages/:threadId */
export const PatientThreadPage = () => (
  <ThreadPage viewer="patient" basePath="/dashboard/messages" />
);
/** /doctor/messages/:threadId */
export const DoctorThreadPage = () => <ThreadPage viewer="practice" basePath="/doctor/messages" />;
/** /admin/messages/:threadId */
export const AdminThreadPage = () => <ThreadPage viewer="practice" basePath="/admin/messages" />;

const START_ERROR_KEYS = {
  messagesWindowClosed: 'start.closed',
  appointmentNotFound: 'start.notFound',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/**
 * /dashboard/messages/appointment/:appointmentId — "Message the doctor" on an appointment's card:
 * opens the thread about it, started on first use, and goes there.
 */
export function StartAppointmentThreadPage() {
  const { t } = useTranslation('messages');
  const { appointmentId = '' } = useParams();
  const opening = useMutationActionOnMount(startAppointmentThread, appointmentId || null);
  if (opening.isSuccess) return <Navigate to={`/dashboard/messages/${opening.data._id}`} replace />;
  if (opening.isError)
    return (
      <div className="mx-auto w-full max-w-4xl space-y-4">
        <PageTitle title={t('thread.title')} />
        <Alert tone="error">{t(errorKey(opening.error, START_ERROR_KEYS, 'start.failed'))}</Alert>
        <Link
          to="/dashboard/messages"
          className="rounded text-sm font-medium text-teal-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          {t('thread.back')}
        </Link>
      </div>
    );
  return <LoadingState label={t('start.loading')} />;
}
