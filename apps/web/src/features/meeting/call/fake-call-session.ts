// A call session without a network, for tests of the page and the file transfer: its state is
// set by the test, and two of them can be linked so that one's file transport reaches the other.
// Imported by tests only.

import type { FileTransport } from '@vizita/shared/file-transfer/transports';
import {
  Emitter,
  SnapshotStore,
  TransportClosedError,
  initialSnapshot,
  type CallData,
  type CallSession,
  type CallSnapshot,
  type ScreenShareIssue,
} from './call-session';

export class FakeCallSession implements CallSession {
  readonly store: SnapshotStore;
  readonly data = new Emitter<CallData>();
  readonly fileTransport: FileTransport;
  started = false;
  leaveCount = 0;
  admitCount = 0;
  peer: FakeCallSession | null = null;
  /** Every message this side sent (JSON text). */
  readonly sentMessages: string[] = [];
  /** What the browser's picker does on the next `startScreenShare`. */
  screenShareOutcome: 'share' | 'cancel' | ScreenShareIssue = 'share';
  screenShareStarts = 0;

  constructor(overrides: Partial<CallSnapshot> = {}, mode: FileTransport['mode'] = 'binary') {
    this.store = new SnapshotStore(initialSnapshot(overrides));
    const deliver = (data: CallData) => {
      const peer = this.peer;
      // Asynchronous, in order, like a channel.
      void Promise.resolve().then(() => peer?.data.emit(data));
    };
    const open = () => {
      if (!this.getSnapshot().transportOpen) throw new TransportClosedError();
    };
    const from = () => this.getSnapshot().selfId ?? 'unknown';
    this.fileTransport = {
      mode,
      sendMessage: (text: string) => {
        open();
        this.sentMessages.push(text);
        deliver({
          kind: 'message',
          message: mode === 'paced' ? JSON.parse(text) : text,
          from: from(),
        });
      },
      ...(mode === 'binary'
        ? {
            sendBinary: async (frame: Uint8Array) => {
              open();
              deliver({ kind: 'binary', frame: frame.slice(), from: from() });
            },
          }
        : {}),
    };
  }

  getSnapshot = (): CallSnapshot => this.store.get();
  subscribe = (onChange: () => void) => this.store.subscribe(onChange);
  onData = (listener: (data: CallData) => void) => this.data.on(listener);

  start(): void {
    this.started = true;
  }

  set(change: Partial<CallSnapshot>): void {
    this.store.update(change);
  }

  setCameraOn(on: boolean): void {
    this.set({ cameraOn: on });
  }

  setMicrophoneOn(on: boolean): void {
    this.set({ microphoneOn: on });
  }

  async startScreenShare(): Promise<void> {
    this.screenShareStarts += 1;
    await Promise.resolve();
    const outcome = this.screenShareOutcome;
    if (outcome === 'share') this.set({ sharingScreen: true, screenShareIssue: null });
    else this.set({ screenShareIssue: outcome === 'cancel' ? null : outcome });
  }

  stopScreenShare(): void {
    this.set({ sharingScreen: false });
  }

  admit(): void {
    this.admitCount += 1;
  }

  leave(): void {
    this.leaveCount += 1;
    this.set({ phase: 'ended', endReason: 'left', transportOpen: false });
  }
}

/** Two sessions in one call: each one's transport delivers to the other, both connected. */
export function linkSessions(a: FakeCallSession, b: FakeCallSession): void {
  a.peer = b;
  b.peer = a;
  const connected = (self: FakeCallSession, other: FakeCallSession) =>
    self.set({
      phase: 'connected',
      remoteId: other.getSnapshot().selfId,
      transportOpen: true,
    });
  connected(a, b);
  connected(b, a);
}
