import type { JoinMeeting, VideoProviderName } from '@vizita/shared/contracts/meetings';
import { ChatSession } from '../chat/chat-session';
import { FileExchange } from '../files/file-exchange';
import { BuiltinCall } from './builtin-call';
import type { CallSession } from './call-session';
import { DailyCallSession } from './daily-call';

/** What a provider's call is made from: the join answer and the page's video area. */
export interface CallContext {
  /** Where a provider that draws its own video (Daily) puts its frame; null if not on screen. */
  container: HTMLElement | null;
  language: string;
  /** Another join, for providers that reconnect through the server (a fresh token each time). */
  rejoin: () => Promise<JoinMeeting>;
}

export type CreateCall = (answer: JoinMeeting, context: CallContext) => CallSession;

/** The real providers: our WebRTC call, or Daily's frame (its code loaded only then). */
export const createProviderCall: CreateCall = (answer, { container, language, rejoin }) =>
  answer.provider === 'daily'
    ? new DailyCallSession({ answer, container, language })
    : new BuiltinCall({ first: answer, join: rejoin });

export type MeetingCallState =
  | { status: 'idle' }
  | { status: 'joining' }
  | { status: 'refused'; error: unknown }
  | {
      status: 'active';
      provider: VideoProviderName;
      session: CallSession;
      files: FileExchange;
      chat: ChatSession;
    };

export interface MeetingCallOptions {
  join: () => Promise<JoinMeeting>;
  createCall: CreateCall;
}

const IDLE: MeetingCallState = { status: 'idle' };

/**
 * One visit to a meeting: asks the server to join, starts the provider's call with the answer,
 * and runs the file transfer on it; `close` hangs up and forgets the files. A framework-free
 * store that the page reads with `useSyncExternalStore`.
 */
export class MeetingCall {
  private state: MeetingCallState = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly options: MeetingCallOptions;
  /** Bumped by `close`: an answer to an older join is dropped. */
  private generation = 0;
  private language = 'en';

  constructor(options: MeetingCallOptions) {
    this.options = options;
  }

  getState = (): MeetingCallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: MeetingCallState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Joins, unless already joining or in the call. `container` is asked for when the answer
   * arrives: the page shows its video area while joining.
   */
  open(container: () => HTMLElement | null): void {
    if (this.state.status === 'joining' || this.state.status === 'active') return;
    const generation = ++this.generation;
    this.set({ status: 'joining' });
    this.options.join().then(
      (answer) => {
        if (generation !== this.generation) return;
        const session = this.options.createCall(answer, {
          container: container(),
          language: this.language,
          rejoin: this.options.join,
        });
        const files = new FileExchange({ session });
        const chat = new ChatSession(session);
        this.set({ status: 'active', provider: answer.provider, session, files, chat });
        session.start();
      },
      (error: unknown) => {
        if (generation === this.generation) this.set({ status: 'refused', error });
      },
    );
  }

  /** Hangs up: the camera and microphone are released, received files forgotten. */
  close(): void {
    this.generation += 1;
    const { state } = this;
    if (state.status === 'active') {
      state.files.dispose();
      state.chat.dispose();
      state.session.leave();
    }
    if (state.status !== 'idle') this.set(IDLE);
  }

  setLanguage(language: string): void {
    this.language = language;
    if (this.state.status === 'active') this.state.session.setLanguage?.(language);
  }
}
