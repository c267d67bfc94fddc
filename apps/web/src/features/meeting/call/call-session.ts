import type { FileTransport } from '@vizita/shared/file-transfer/transports';
import type { WaitingPeer } from '@vizita/shared/contracts/meetings';
import type { ConnectionStats } from './connection-quality';

// What the meeting page needs from a call, whichever provider runs it (our WebRTC peer-to-peer
// call or Daily's frame). The page renders from a snapshot and never touches WebRTC, so it can be
// tested with a fake session.

/** The page's `data-call-state`: joining, alone in the room, with the other side, over. */
export type CallPhase = 'connecting' | 'waiting' | 'connected' | 'ended';

/**
 * Why a call is over: the user left; the meeting's window closed; the same user joined from
 * another tab; the appointment was cancelled; the call could not be kept up.
 */
export type CallEndReason = 'left' | 'ended' | 'replaced' | 'cancelled' | 'failed';

/**
 * Which of the user's devices are in the call. A missing camera or a refused permission does not
 * stop the call: it goes on with what is left, down to receive-only (`issue` says why).
 */
export interface LocalMediaState {
  hasVideo: boolean;
  hasAudio: boolean;
  /** `blocked`: permission refused; `notFound`: no such device; `failed`: any other failure. */
  issue: 'blocked' | 'notFound' | 'failed' | null;
}

/**
 * Why sharing the screen did not start: `blocked` by the browser's or the system's settings (or
 * the page's Permissions-Policy), `unsupported` by this browser (mobile browsers have no
 * getDisplayMedia), `failed` for anything else. Closing the browser's picker is none of them.
 */
export type ScreenShareIssue = 'blocked' | 'unsupported' | 'failed';

export interface CallSnapshot {
  phase: CallPhase;
  /** Set when `phase` is `ended`. */
  endReason: CallEndReason | null;
  /** The connection to the server dropped and is being re-established (the call may go on). */
  reconnecting: boolean;
  /** Our camera and microphone, for the small muted preview; null for providers with a frame. */
  localStream: MediaStream | null;
  /** The other participant's media; null while alone (or for providers with a frame). */
  remoteStream: MediaStream | null;
  media: LocalMediaState;
  cameraOn: boolean;
  microphoneOn: boolean;
  /** This participant's id in file-transfer messages; null until known. */
  selfId: string | null;
  /** The other participant's id; null while alone. */
  remoteId: string | null;
  /** `fileTransport` can carry messages to the other participant now. */
  transportOpen: boolean;
  /** How the connection to the other participant is doing; null until measured. */
  connection: ConnectionStats | null;
  /** This browser can share a screen (false on mobile browsers: the page hides the button). */
  canShareScreen: boolean;
  /** We are sharing our screen with the other participant. */
  sharingScreen: boolean;
  /** Set when the last attempt to share did not start; cleared by the next attempt. */
  screenShareIssue: ScreenShareIssue | null;
  /** The other participant is sharing their screen. */
  remoteSharingScreen: boolean;
  /** Their shared screen, apart from their camera; null when not sharing (or with a frame). */
  remoteScreenStream: MediaStream | null;
  /**
   * The waiting room, as the server enforces it; null until the server said (and with providers
   * that keep their own lobby). The patient waits while `admitted` is false; the doctor sees who
   * waits and admits them.
   */
  admission: Admission | null;
}

export interface Admission {
  admitted: boolean;
  /** For the doctor: the patients waiting to be let in (empty for the patient). */
  waiting: WaitingPeer[];
}

/** File-transfer traffic from the other participant. */
export type CallData =
  | { kind: 'message'; message: unknown; from: string }
  | { kind: 'binary'; frame: Uint8Array; from: string };

export interface CallSession {
  /** The current state: a new object after every change (for `useSyncExternalStore`). */
  getSnapshot(): CallSnapshot;
  subscribe(onChange: () => void): () => void;
  /** Starts the call: media, then the connection. Called once. */
  start(): void;
  /** Mutes or unmutes a device (the track stays; the other side sees black or hears silence). */
  setCameraOn(on: boolean): void;
  setMicrophoneOn(on: boolean): void;
  /**
   * Asks the browser for a screen, window or tab to share (its picker) and sends it to the other
   * participant beside the camera. Resolves when sharing started or did not: the outcome is in
   * the snapshot (`sharingScreen`, `screenShareIssue`). Call it from a click (browsers want one).
   */
  startScreenShare(): Promise<void>;
  /** Stops sharing the screen, on both sides. Nothing happens when not sharing. */
  stopScreenShare(): void;
  /** The doctor lets the waiting patient in (the server refuses it from anyone else). */
  admit(): void;
  /** Follows a change of the interface language (providers whose frame has its own texts). */
  setLanguage?(language: string): void;
  /** Hangs up and releases the camera and microphone. Safe to call more than once. */
  leave(): void;
  /** The same object for the whole call; it rejects while `transportOpen` is false. */
  readonly fileTransport: FileTransport;
  onData(listener: (data: CallData) => void): () => void;
}

export const INITIAL_MEDIA: LocalMediaState = { hasVideo: false, hasAudio: false, issue: null };

export function initialSnapshot(overrides: Partial<CallSnapshot> = {}): CallSnapshot {
  return {
    phase: 'connecting',
    endReason: null,
    reconnecting: false,
    localStream: null,
    remoteStream: null,
    media: INITIAL_MEDIA,
    cameraOn: false,
    microphoneOn: false,
    selfId: null,
    remoteId: null,
    transportOpen: false,
    connection: null,
    canShareScreen: false,
    sharingScreen: false,
    screenShareIssue: null,
    remoteSharingScreen: false,
    remoteScreenStream: null,
    admission: null,
    ...overrides,
  };
}

/** A snapshot with its listeners: what every session implementation keeps its state in. */
export class SnapshotStore {
  private snapshot: CallSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(initial: CallSnapshot = initialSnapshot()) {
    this.snapshot = initial;
  }

  get = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    const keys = Object.keys(change) as (keyof CallSnapshot)[];
    if (keys.every((key) => Object.is(next[key], this.snapshot[key]))) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Listeners of one kind of event. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  on = (listener: (value: T) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** Thrown by a transport that cannot carry anything now (no one to send to). */
export class TransportClosedError extends Error {
  constructor() {
    super('The call has no open channel to the other participant');
    this.name = 'TransportClosedError';
  }
}
