import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatShortCalendarDate } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import { useAppointment } from '../../../api/get-appointment';
import type { CallPhase, CallSnapshot } from '../call/call-session';
import { createProviderCall, type CreateCall } from '../call/meeting-call';
import {
  useCallSnapshot,
  useChat,
  useFileExchange,
  useMeetingCall,
} from '../hooks/use-meeting-call';
import { joinStateAt } from '../../../lib/join-state';
import {
  appointmentErrorKey,
  appointmentRefusalKey,
  joinErrorKey,
  type MeetingErrorKey,
} from '../utils/meeting-errors';
import { ChatIcon, PaperclipIcon, PhoneOffIcon } from './call-icons';
import { CallControls } from './call-controls';
import { CallStage } from './call-stage';
import { ChatPanel } from './chat-panel';
import { ConnectionIndicator } from './connection-indicator';
import { FileTransferPanel } from './file-transfer-panel';
import { ScreenShareNotice } from './screen-share-notice';
import { appointmentCheckSources } from './meeting-check-sources';
import { joinMeeting } from '../api/join-meeting';
import { DeviceCheck, type DeviceCheckSources } from '../device-check/device-check';
import { NotAvailableNotice, type NotAvailable } from './not-available-notice';
import { WaitingRoom } from './waiting-room';

/** Spec §4, §9: the join state is recomputed every 60 seconds. */
const JOIN_STATE_REFRESH_MS = 60_000;

const PHASE_KEYS = {
  connecting: 'meeting.phase.connecting',
  waiting: 'meeting.phase.waiting',
  connected: 'meeting.phase.connected',
  ended: 'meeting.phase.ended',
} as const satisfies Record<CallPhase, string>;

function mediaNoticeKey(call: CallSnapshot) {
  const { media } = call;
  if (call.phase === 'ended' || media.issue === null) return null;
  if (media.hasVideo) return null;
  if (media.hasAudio) {
    return media.issue === 'blocked'
      ? 'meeting.media.cameraBlocked'
      : media.issue === 'notFound'
        ? 'meeting.media.noCamera'
        : 'meeting.media.cameraFailed';
  }
  return media.issue === 'blocked'
    ? 'meeting.media.allBlocked'
    : media.issue === 'notFound'
      ? 'meeting.media.noDevices'
      : 'meeting.media.allFailed';
}

export function ErrorView({
  errorKey,
  backTo,
  retrying,
  onRetry,
}: {
  errorKey: MeetingErrorKey;
  /** The way back; null for a guest, who has no appointments list to go back to. */
  backTo: string | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['appointments', 'common']);
  return (
    <div className="mx-auto w-full max-w-xl space-y-4">
      <PageTitle title={t('meeting.title')} />
      <h1 className="text-2xl font-bold text-slate-900">{t('meeting.errorTitle')}</h1>
      <Alert tone="error">{t(errorKey)}</Alert>
      <div className="flex flex-wrap gap-3">
        <Button busy={retrying} onClick={onRetry}>
          {t('common:tryAgain')}
        </Button>
        {backTo !== null && (
          <Link to={backTo} className={buttonClasses('secondary')}>
            {t('meeting.backToAppointments')}
          </Link>
        )}
      </div>
    </div>
  );
}

function otherParticipant(appointment: Appointment) {
  // The appointment names its patient only to its doctor: then we are the doctor.
  if (appointment.patient) {
    return { role: 'patient' as const, name: appointment.patient.name };
  }
  return { role: 'doctor' as const, name: appointment.doctorId.name };
}

/**
 * What a meeting page shows a call from, whoever the page is for: an appointment of the signed-in
 * patient or doctor, or the consultation of a guest without an account (issue #12).
 */
export interface MeetingSubject {
  /** When the call can be joined: the rule of spec §4, §9 (recomputed every minute). */
  schedule: Parameters<typeof joinStateAt>[0];
  date: string;
  slot: string;
  /** Who is on the other side. */
  other: { role: 'patient' | 'doctor'; name: string };
  /** Why this meeting cannot have a call at all (cancelled, not a consultation); null if it can. */
  refusal: MeetingErrorKey | null;
}

/**
 * The meeting once its subject is known: the device check, then the call with its waiting room,
 * files, chat and screen sharing. `join` asks the server for permission (again on every
 * reconnection); `leaveTo` is where leaving goes; `backTo` the way back on the error and "not yet"
 * screens (null: none).
 */
export function MeetingRoom({
  subject,
  join: joinCall,
  checkSources,
  backTo,
  leaveTo,
  createCall,
  onReload,
  reloading,
}: {
  subject: MeetingSubject;
  join: () => Promise<JoinMeeting>;
  checkSources: DeviceCheckSources;
  backTo: string | null;
  leaveTo: string;
  createCall: CreateCall;
  /** Loads the subject again (the error screen's "Try again"). */
  onReload: () => void;
  reloading: boolean;
}) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const titleId = useId();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const filesButtonRef = useRef<HTMLButtonElement>(null);
  const chatButtonRef = useRef<HTMLButtonElement>(null);
  // One side sheet at a time: the files or the chat.
  const [panelOpen, setPanelOpen] = useState<'files' | 'chat' | null>(null);
  // The call starts only after "Join now" on the device check (issue #12).
  const [checked, setChecked] = useState(false);
  const now = useNow(JOIN_STATE_REFRESH_MS);
  const { refusal } = subject;
  const join = refusal ? null : joinStateAt(subject.schedule, now);

  const { state, retry, hangUp } = useMeetingCall({
    join: joinCall,
    joinable: (join?.isJoinable ?? false) && checked,
    createCall,
    containerRef,
  });
  const active = state.status === 'active' ? state : null;
  const call = useCallSnapshot(active?.session ?? null);
  const files = useFileExchange(active?.files ?? null);
  const chat = useChat(active?.chat ?? null);
  // The chat counts unread messages while its sheet is closed.
  useEffect(() => {
    active?.chat.setOpen(panelOpen === 'chat');
  }, [active, panelOpen]);

  if (refusal || state.status === 'refused') {
    return (
      <ErrorView
        errorKey={refusal ?? joinErrorKey(state.status === 'refused' ? state.error : null)}
        backTo={backTo}
        retrying={reloading}
        onRetry={() => {
          onReload();
          retry();
        }}
      />
    );
  }

  const data = subject;
  const { other } = subject;
  const otherName =
    other.name || t(other.role === 'doctor' ? 'meeting.doctorFallback' : 'meeting.patientFallback');
  const joining = state.status === 'joining';
  const inCall = state.status !== 'idle';
  let notAvailable: NotAvailable | null = null;
  if (!inCall && join && !join.isJoinable) {
    notAvailable = join.hasPassed
      ? { kind: 'ended' }
      : join.minutesUntilJoinable > 0
        ? { kind: 'in', minutes: join.minutesUntilJoinable }
        : { kind: 'wait' };
  }
  let phase: CallPhase | null = call?.phase ?? (joining ? 'connecting' : null);
  if (notAvailable?.kind === 'ended') phase = 'ended';
  const connected = phase === 'connected';

  const leave = () => {
    // The call ends, the camera is released, received files are forgotten (spec §4).
    hangUp();
    void navigate(leaveTo);
  };
  const closePanel = () => {
    setPanelOpen(null);
    (panelOpen === 'chat' ? chatButtonRef : filesButtonRef).current?.focus();
  };
  const mediaNotice = call ? mediaNoticeKey(call) : null;
  // The panel goes with the call: its files are forgotten when the call ends.
  const showPanel = panelOpen === 'files' && phase !== 'ended' && files !== null && active !== null;
  const showChat = panelOpen === 'chat' && phase !== 'ended' && chat !== null && active !== null;
  const announcement = files?.announcement;
  // Before the call, also while it cannot be joined yet; not once it is over.
  const showDeviceCheck = !checked && !inCall && notAvailable?.kind !== 'ended';

  return (
    <div
      role="region"
      aria-labelledby={titleId}
      data-call-state={phase ?? undefined}
      className="mx-auto w-full max-w-6xl space-y-4"
    >
      <PageTitle title={t('meeting.title')} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <span
            className={cn(
              'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
              connected
                ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                : 'bg-slate-100 text-slate-800 ring-slate-200',
            )}
          >
            {connected ? t('meeting.status.connected') : t('meeting.status.ready')}
          </span>
          {connected && call?.connection && <ConnectionIndicator connection={call.connection} />}
          <h1 id={titleId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('meeting.title')}
          </h1>
          <p className="text-slate-800">
            <span className="font-medium">
              {t(other.role === 'doctor' ? 'meeting.doctor' : 'meeting.patient')}
            </span>{' '}
            {otherName}
          </p>
          <p className="text-slate-700">
            <time dateTime={data.date}>{formatShortCalendarDate(data.date) ?? data.date}</time>
            {' · '}
            <time dateTime={data.slot}>{data.slot}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            ref={filesButtonRef}
            variant="secondary"
            disabled={!connected}
            aria-expanded={showPanel}
            aria-controls={showPanel ? panelId : undefined}
            onClick={() => (showPanel ? closePanel() : setPanelOpen('files'))}
          >
            <PaperclipIcon />
            {t('meeting.filesButton')}
          </Button>
          <Button
            ref={chatButtonRef}
            variant="secondary"
            disabled={!connected && !showChat}
            aria-expanded={showChat}
            aria-controls={showChat ? panelId : undefined}
            onClick={() => (showChat ? closePanel() : setPanelOpen('chat'))}
          >
            <ChatIcon />
            {t('meeting.chat.button')}
            {chat !== null && chat.unread > 0 && (
              <>
                <span
                  aria-hidden="true"
                  className="rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
                >
                  {chat.unread}
                </span>
                <span className="sr-only"> {t('meeting.chat.unread', { count: chat.unread })}</span>
              </>
            )}
          </Button>
          <button
            type="button"
            onClick={leave}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <PhoneOffIcon />
            {t('meeting.leave')}
          </button>
        </div>
      </div>

      {/* Said to screen readers as it changes: the call's state, then finished transfers. */}
      <p role="status" className="sr-only">
        {call?.reconnecting ? t('meeting.reconnecting') : phase ? t(PHASE_KEYS[phase]) : ''}
      </p>
      <p role="status" className="sr-only">
        {announcement
          ? t(
              announcement.direction === 'incoming'
                ? 'meeting.files.announceReceived'
                : 'meeting.files.announceSent',
              { name: announcement.name },
            )
          : ''}
      </p>

      {call?.reconnecting && call.phase !== 'ended' && (
        <div aria-hidden="true">
          <Alert tone="info">{t('meeting.reconnecting')}</Alert>
        </div>
      )}
      {mediaNotice && <Alert tone="info">{t(mediaNotice)}</Alert>}
      {call?.admission && phase !== 'ended' && active && (
        <WaitingRoom
          admission={call.admission}
          role={other.role === 'doctor' ? 'patient' : 'doctor'}
          otherName={otherName}
          when={`${formatShortCalendarDate(data.date) ?? data.date} · ${data.slot}`}
          onAdmit={() => active.session.admit()}
        />
      )}
      <ScreenShareNotice
        call={call}
        otherName={otherName}
        onStop={() => active?.session.stopScreenShare()}
      />
      {connected && call?.connection?.quality === 'poor' && call.cameraOn && active && (
        <Alert tone="info">
          <p>{t('meeting.connection.poorHint')}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => active.session.setCameraOn(false)}
          >
            {t('meeting.connection.turnOffVideo')}
          </Button>
        </Alert>
      )}

      {showDeviceCheck ? (
        <DeviceCheck
          sources={checkSources}
          joinBlocked={
            notAvailable ? <NotAvailableNotice notAvailable={notAvailable} backTo={backTo} /> : null
          }
          onJoin={() => setChecked(true)}
        />
      ) : (
        <CallStage
          provider={active?.provider ?? null}
          call={call}
          joining={joining}
          notAvailable={notAvailable}
          otherName={otherName}
          backTo={backTo}
          containerRef={containerRef}
          onRejoin={retry}
        />
      )}

      {call && active?.provider === 'builtin' && call.phase !== 'ended' && (
        <CallControls
          call={call}
          onCamera={(on) => active.session.setCameraOn(on)}
          onMicrophone={(on) => active.session.setMicrophoneOn(on)}
          onScreenShare={(share) =>
            share ? void active.session.startScreenShare() : active.session.stopScreenShare()
          }
        />
      )}

      {showChat && chat && active && (
        <ChatPanel
          id={panelId}
          chat={chat}
          otherName={otherName}
          onSend={(text) => active.chat.send(text)}
          onClose={closePanel}
        />
      )}

      {showPanel && files && active && (
        <FileTransferPanel
          id={panelId}
          files={files}
          onSend={(chosen) => active.files.send(chosen)}
          onDismissAlert={() => active.files.dismissAlert()}
          onClose={closePanel}
        />
      )}
    </div>
  );
}

/** The signed-in participant's meeting: their appointment, loaded, then its room. */
function AppointmentMeeting({
  appointmentId,
  backTo,
  createCall,
}: {
  appointmentId: string;
  backTo: string;
  createCall: CreateCall;
}) {
  const { t } = useTranslation('appointments');
  const appointment = useAppointment(appointmentId);
  const data = appointment.data;
  const asPatient = data ? otherParticipant(data).role === 'doctor' : false;
  const checkSources = useMemo(
    () => appointmentCheckSources(appointmentId, asPatient),
    [appointmentId, asPatient],
  );
  const join = useCallback(() => joinMeeting(appointmentId), [appointmentId]);

  if (appointment.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl">
        <PageTitle title={t('meeting.title')} />
        <LoadingState label={t('meeting.loading')} />
      </div>
    );
  }
  if (!data) {
    return (
      <ErrorView
        errorKey={appointmentErrorKey(appointment.error)}
        backTo={backTo}
        retrying={appointment.isFetching}
        onRetry={() => void appointment.refetch()}
      />
    );
  }
  return (
    <MeetingRoom
      subject={{
        schedule: data,
        date: data.date,
        slot: data.slot,
        other: otherParticipant(data),
        refusal: appointmentRefusalKey(data),
      }}
      join={join}
      checkSources={checkSources}
      backTo={backTo}
      leaveTo={backTo}
      createCall={createCall}
      onReload={() => void appointment.refetch()}
      reloading={appointment.isFetching}
    />
  );
}

/**
 * /dashboard/meeting/:id (spec §2 "Meeting"), also the doctor's /doctor/meeting/:id: the video
 * consultation of one appointment, with the in-call file transfer. `backTo` is where leaving
 * goes; `createCall` makes the provider's call (tests pass a fake).
 */
export function MeetingPage({
  backTo = '/dashboard/appointments',
  createCall = createProviderCall,
}: {
  backTo?: string;
  createCall?: CreateCall;
}) {
  const { id = '' } = useParams();
  return <AppointmentMeeting key={id} appointmentId={id} backTo={backTo} createCall={createCall} />;
}
