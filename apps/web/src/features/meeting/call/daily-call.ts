import type {
  DailyCall,
  DailyCallFactory,
  DailyCallStaticUtils,
  DailyEventObjectAppMessage,
  DailyEventObjectCameraError,
  DailyEventObjectFatalError,
  DailyEventObjectNetworkConnectionEvent,
  DailyEventObjectNonFatalError,
  DailyLanguage,
  DailyParticipant,
} from '@daily-co/daily-js';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import type { FileTransport } from '@vizita/shared/file-transfer/transports';
import {
  Emitter,
  SnapshotStore,
  TransportClosedError,
  initialSnapshot,
  type CallData,
  type CallEndReason,
  type CallSession,
  type CallSnapshot,
  type LocalMediaState,
} from './call-session';

// The call through Daily (VIDEO_PROVIDER=daily): Daily's prebuilt frame draws the video and its
// own controls, and Daily reconnects by itself. Its app messages carry the file transfer, paced
// (spec §9: 3000-character chunks, 8 ms apart — the sender does that).
//
// Screen sharing: the frame has its own "Share screen" button (the room enables it,
// enable_screenshare) and shows a shared screen large by itself. The session follows Daily's
// events so that the page can say that we share and offer its Stop button; startScreenShare and
// stopScreenShare go through Daily's call object, which the frame allows.

/** Spec §7: the load is retried once after 250 ms. */
export const DAILY_RETRY_DELAY_MS = 250;

/** The languages of Daily's frame that we also speak; Bulgarian falls back to English. */
export function dailyLanguage(language: string): DailyLanguage {
  return language.startsWith('de') ? 'de' : 'en';
}

/** Daily's default export: the frame factory, and (not in tests' fakes) its static helpers. */
type DailyFactory = DailyCallFactory & Partial<DailyCallStaticUtils>;

/** Daily's code only when a call uses it: a chunk of its own, out of the meeting page's. */
export async function loadDaily(): Promise<DailyFactory> {
  return (await import('@daily-co/daily-js')).default;
}

const FRAME_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  border: '0',
};

/** Daily's fatal errors that mean the meeting is over rather than broken. */
const ENDED_ERRORS = new Set(['exp-room', 'exp-token', 'ejected', 'end-of-life', 'nbf-room']);

/** A participant's track that is being sent (Daily's states other than off and blocked). */
const isOn = (state: string | undefined) =>
  state !== undefined && state !== 'off' && state !== 'blocked';

export interface DailyCallOptions {
  answer: JoinMeeting;
  /** Where the frame goes: the page's video area (null: not on screen, the call fails). */
  container: HTMLElement | null;
  language: string;
  load?: () => Promise<DailyFactory>;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class AppMessageTransport implements FileTransport {
  readonly mode = 'paced' as const;
  call: DailyCall | null = null;
  open = false;

  sendMessage(text: string, to?: string): Promise<void> {
    if (!this.call || !this.open) return Promise.reject(new TransportClosedError());
    try {
      // Sent as the object, as the spec's messages are; the receiver validates it either way.
      this.call.sendAppMessage(JSON.parse(text), to ?? '*');
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TransportClosedError());
    }
  }
}

export class DailyCallSession implements CallSession {
  private readonly transport = new AppMessageTransport();
  readonly fileTransport: FileTransport = this.transport;
  private readonly store = new SnapshotStore(initialSnapshot());
  private readonly data = new Emitter<CallData>();
  private readonly options: DailyCallOptions;
  private call: DailyCall | null = null;
  private started = false;
  private finished = false;

  constructor(options: DailyCallOptions) {
    this.options = options;
  }

  getSnapshot = (): CallSnapshot => this.store.get();
  subscribe = (onChange: () => void): (() => void) => this.store.subscribe(onChange);
  onData = (listener: (data: CallData) => void): (() => void) => this.data.on(listener);

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.begin();
  }

  private async begin(): Promise<void> {
    const { load = loadDaily, sleep = defaultSleep } = this.options;
    let factory: DailyFactory;
    try {
      factory = await load();
    } catch {
      this.finish('failed');
      return;
    }
    // Daily knows which browsers can share a screen (none on phones).
    if (typeof factory.supportedBrowser === 'function') {
      this.store.update({ canShareScreen: factory.supportedBrowser().supportsScreenShare });
    }
    for (let attempt = 0; attempt < 2 && !this.finished; attempt++) {
      if (attempt > 0) await sleep(DAILY_RETRY_DELAY_MS);
      if (this.finished) return;
      try {
        await this.joinWith(factory);
        return;
      } catch {
        await this.destroyCall();
      }
    }
    this.finish('failed');
  }

  private async joinWith(factory: DailyCallFactory): Promise<void> {
    const { answer, container, language } = this.options;
    if (!answer.roomUrl || !container) throw new Error('No Daily room or no place for its frame');
    const call = factory.createFrame(container, {
      showLeaveButton: false,
      showParticipantsBar: true,
      iframeStyle: FRAME_STYLE,
      lang: dailyLanguage(language),
    });
    this.call = call;
    this.transport.call = call;
    this.listen(call);
    await call.join({
      url: answer.roomUrl,
      ...(answer.roomToken ? { token: answer.roomToken } : {}),
      userName: answer.userName,
    });
    if (this.finished) await this.destroyCall();
  }

  private listen(call: DailyCall): void {
    const mine = () => call === this.call && !this.finished;
    call.on('joined-meeting', () => {
      if (mine()) this.participantsChanged();
    });
    call.on('participant-joined', () => {
      if (mine()) this.participantsChanged();
    });
    call.on('participant-updated', () => {
      if (mine()) this.participantsChanged();
    });
    call.on('participant-left', () => {
      if (mine()) this.participantsChanged();
    });
    call.on('app-message', (event?: DailyEventObjectAppMessage) => {
      if (!mine() || !event || typeof event.fromId !== 'string') return;
      this.data.emit({ kind: 'message', message: event.data as unknown, from: event.fromId });
    });
    call.on('camera-error', (event?: DailyEventObjectCameraError) => {
      if (!mine() || !event) return;
      const type = event.error?.type;
      const issue: LocalMediaState['issue'] =
        type === 'permissions' ? 'blocked' : type === 'not-found' ? 'notFound' : 'failed';
      this.store.update({ media: { ...this.store.get().media, issue } });
    });
    call.on('network-connection', (event?: DailyEventObjectNetworkConnectionEvent) => {
      if (!mine() || !event) return;
      if (event.event === 'interrupted') this.store.update({ reconnecting: true });
      if (event.event === 'connected') this.store.update({ reconnecting: false });
    });
    call.on('local-screen-share-started', () => {
      if (mine()) this.store.update({ sharingScreen: true, screenShareIssue: null });
    });
    call.on('local-screen-share-stopped', () => {
      if (mine()) this.store.update({ sharingScreen: false });
    });
    // 'local-screen-share-canceled': the user closed the picker, which is not an error.
    call.on('nonfatal-error', (event?: DailyEventObjectNonFatalError) => {
      if (!mine() || event?.type !== 'screen-share-error') return;
      const blocked = /policy|system|permission|not allowed/i.test(event.errorMsg);
      this.store.update({ screenShareIssue: blocked ? 'blocked' : 'failed' });
    });
    call.on('left-meeting', () => {
      if (mine()) this.finish('left');
    });
    call.on('error', (event?: DailyEventObjectFatalError) => {
      if (!mine()) return;
      const error = event?.error as { type?: unknown } | undefined;
      const type = typeof error?.type === 'string' ? error.type : '';
      this.finish(ENDED_ERRORS.has(type) ? 'ended' : 'failed');
    });
  }

  private participantsChanged(): void {
    const call = this.call;
    if (!call) return;
    const participants = call.participants();
    const local: DailyParticipant | undefined = participants.local;
    const remote = Object.values(participants).find((p) => !p.local);
    const joined = call.meetingState() === 'joined-meeting';
    this.transport.open = joined && remote !== undefined;
    const videoOn =
      local?.tracks?.video?.state !== 'off' && local?.tracks?.video?.state !== 'blocked';
    const audioOn =
      local?.tracks?.audio?.state !== 'off' && local?.tracks?.audio?.state !== 'blocked';
    this.store.update({
      phase: !joined ? 'connecting' : remote ? 'connected' : 'waiting',
      selfId: local?.session_id ?? null,
      remoteId: remote?.session_id ?? null,
      transportOpen: this.transport.open,
      remoteSharingScreen: isOn(remote?.tracks?.screenVideo?.state),
      cameraOn: Boolean(local) && videoOn,
      microphoneOn: Boolean(local) && audioOn,
      media: {
        ...this.store.get().media,
        hasVideo: local?.tracks?.video?.state !== 'blocked',
        hasAudio: local?.tracks?.audio?.state !== 'blocked',
      },
    });
  }

  setCameraOn(on: boolean): void {
    this.call?.setLocalVideo(on);
    this.store.update({ cameraOn: on });
  }

  setMicrophoneOn(on: boolean): void {
    this.call?.setLocalAudio(on);
    this.store.update({ microphoneOn: on });
  }

  startScreenShare(): Promise<void> {
    if (!this.call || this.finished) return Promise.resolve();
    this.store.update({ screenShareIssue: null });
    // Non-blocking: the picker opens, and Daily's events tell how it went.
    this.call.startScreenShare({
      displayMediaOptions: { audio: false, selfBrowserSurface: 'exclude' },
    });
    return Promise.resolve();
  }

  stopScreenShare(): void {
    if (!this.store.get().sharingScreen) return;
    this.call?.stopScreenShare();
  }

  /** Daily's frame follows the interface language (de and en; en for bg). */
  setLanguage(language: string): void {
    this.call?.setDailyLang(dailyLanguage(language));
  }

  /** Daily keeps its own lobby (knocking, with the doctor as the room's owner): nothing to do. */
  admit(): void {}

  leave(): void {
    this.finish('left');
  }

  private async destroyCall(): Promise<void> {
    const call = this.call;
    this.call = null;
    this.transport.call = null;
    this.transport.open = false;
    if (!call) return;
    try {
      await call.leave();
    } catch {
      // Not joined: nothing to leave.
    }
    try {
      await call.destroy();
    } catch {
      // Already destroyed.
    }
  }

  private finish(reason: CallEndReason): void {
    if (this.finished) return;
    this.finished = true;
    this.data.clear();
    void this.destroyCall();
    this.store.update({
      phase: 'ended',
      endReason: reason,
      reconnecting: false,
      remoteId: null,
      transportOpen: false,
      cameraOn: false,
      microphoneOn: false,
      sharingScreen: false,
      remoteSharingScreen: false,
    });
  }
}
