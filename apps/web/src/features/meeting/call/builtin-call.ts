import {
  JOIN_TOKEN_LIFETIME_MS,
  SIGNALLING_CLOSE,
  type JoinMeeting,
  type MeetingPeer,
  type ServerSignal,
} from '@vizita/shared/contracts/meetings';
import { isApiError } from '../../../lib/api-client';
import {
  Emitter,
  SnapshotStore,
  initialSnapshot,
  type CallData,
  type CallEndReason,
  type CallSession,
  type CallSnapshot,
} from './call-session';
import { DataChannelTransport } from './data-channel-transport';
import {
  DISPLAY_MEDIA_OPTIONS,
  browserGetDisplayMedia,
  displayMediaIssue,
  type GetDisplayMedia,
} from './display-media';
import {
  acquireLocalMedia,
  browserGetUserMedia,
  stopStream,
  type GetUserMedia,
} from './local-media';
import { PeerLink, parsePeerSignal, type PeerLinkState, type PeerSignal } from './peer-link';
import {
  readConnectionStats,
  type ConnectionStats,
  type StatsCounters,
} from './connection-quality';
import { readDevicePreferences } from '../device-check/device-preferences';

// Our own video call: WebRTC peer to peer, with the server's WebSocket only for signalling.
//
// Reconnection. The signalling socket can drop (a network blip, a server restart) while the
// media still flows peer to peer. We then ask the server for a fresh join (its token lives two
// minutes) and reconnect with a growing, jittered delay, keeping the camera and microphone. The
// server gives us a new peer id, and the other side sees us leave and come back: both drop the
// old RTCPeerConnection and negotiate a new one. The same happens, from the other side, when the
// other participant reloads: we show "waiting", keep our media, and negotiate afresh when it
// returns. A refusal by the server (the meeting ended, was cancelled, or the user joined from
// another tab) ends the call instead.

/** How often the server hears the call's quality (for the doctor console's summary). */
const QUALITY_REPORT_MS = 10_000;
/** How often the connection's statistics are sampled while connected. */
const STATS_INTERVAL_MS = 2000;
/** Spec: a ping every ~20 s keeps proxies from closing an idle socket. */
export const PING_INTERVAL_MS = 20_000;
/** Nothing heard for this long (two pings unanswered): the socket is dead even if not closed. */
export const SILENCE_LIMIT_MS = 2 * PING_INTERVAL_MS + 5_000;
/** Reconnection delays: 0.5 s doubling up to 10 s, each randomised to 50–100 %. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

// WebSocket.readyState values (not read from the global, which tests replace).
const SOCKET_OPEN = 1;
const SOCKET_CLOSED = 3;

/** The delay before reconnection attempt `attempt` (0-based), given a random number in [0, 1). */
export function reconnectDelay(attempt: number, random: number): number {
  const full = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(full * (0.5 + random / 2));
}

/** The WebSocket URL to open: absolute as given, or made absolute against the page. */
export function resolveSignallingUrl(url: string, base: string): string {
  const resolved = new URL(url, base);
  if (resolved.protocol === 'http:') resolved.protocol = 'ws:';
  if (resolved.protocol === 'https:') resolved.protocol = 'wss:';
  return resolved.toString();
}

function parseServerSignal(raw: unknown): ServerSignal | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || !('type' in value)) return null;
    return value as ServerSignal;
  } catch {
    return null;
  }
}

/** The join refusals that end the call rather than being retried. */
function endReasonOfJoinFailure(error: unknown): CallEndReason | null {
  if (!isApiError(error)) return 'failed';
  if (error.code === 'meetingEnded') return 'ended';
  if (error.code === 'meetingCancelled') return 'cancelled';
  // No answer, a server failure, or too many requests: worth another try.
  if (error.statusCode === 0 || error.statusCode >= 500 || error.statusCode === 429) return null;
  return 'failed';
}

export interface BuiltinCallOptions {
  /** The join answer the page already has (provider `builtin`). */
  first: JoinMeeting;
  /** POST /api/meetings/:id/join again: a fresh token for every (re)connection. */
  join: () => Promise<JoinMeeting>;
  getUserMedia?: GetUserMedia | null;
  /** The screen picker; null where the browser cannot share a screen (phones). */
  getDisplayMedia?: GetDisplayMedia | null;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  createWebSocket?: (url: string) => WebSocket;
  /** The page's address, to resolve a relative signalling URL. */
  baseUrl?: string;
  random?: () => number;
  now?: () => number;
  /** This page's id on every socket it opens (MeetingPeer.instanceId); random by default. */
  instanceId?: string;
}

/**
 * How long a participant whose socket went away keeps their peer-to-peer connection: the media
 * do not pass through the signalling server, so a blip there need not interrupt the call.
 */
export const SIGNALLING_GRACE_MS = 15_000;

export class BuiltinCall implements CallSession {
  readonly fileTransport = new DataChannelTransport();
  private readonly store: SnapshotStore;
  private readonly data = new Emitter<CallData>();
  private readonly options: Required<
    Omit<BuiltinCallOptions, 'getUserMedia' | 'getDisplayMedia'>
  > & {
    getUserMedia: GetUserMedia | null;
    getDisplayMedia: GetDisplayMedia | null;
  };
  private readonly polite: boolean;
  private answer: JoinMeeting;
  private answeredAt: number;
  private started = false;
  private finished = false;
  private localStream: MediaStream | null = null;
  /** Our shared screen; it outlives links (a new one is offered it) until sharing stops. */
  private screenStream: MediaStream | null = null;
  /** The browser's picker is open: a second click does not open another. */
  private screenPending = false;
  private socket: WebSocket | null = null;
  private peerId: string | null = null;
  private remote: MeetingPeer | null = null;
  private link: PeerLink | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeardAt = 0;
  /** Set while the other participant's socket is gone but our link to them still carries the call. */
  private remoteAwayTimer: ReturnType<typeof setTimeout> | null = null;
  /** Samples the link's statistics while the call is connected (the quality indicator). */
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private statsCounters: StatsCounters | null = null;
  private qualityReportedAt = Number.NEGATIVE_INFINITY;
  private readonly onOnline = () => {
    // Back online: do not wait out the backoff.
    if (this.reconnectTimer === null) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    void this.rejoin();
  };

  constructor(options: BuiltinCallOptions) {
    this.options = {
      getUserMedia:
        options.getUserMedia === undefined ? browserGetUserMedia() : options.getUserMedia,
      getDisplayMedia:
        options.getDisplayMedia === undefined ? browserGetDisplayMedia() : options.getDisplayMedia,
      createPeerConnection:
        options.createPeerConnection ?? ((config) => new RTCPeerConnection(config)),
      createWebSocket: options.createWebSocket ?? ((url) => new WebSocket(url)),
      baseUrl: options.baseUrl ?? window.location.href,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      first: options.first,
      join: options.join,
      instanceId: options.instanceId ?? crypto.randomUUID(),
    };
    this.answer = options.first;
    this.answeredAt = this.options.now();
    // Spec: the patient is the polite side of the negotiation.
    this.polite = options.first.role === 'patient';
    // In file-transfer messages each side is its role: stable across reconnections and reloads,
    // and there are only two participants.
    this.store = new SnapshotStore(
      initialSnapshot({
        selfId: options.first.role,
        canShareScreen: this.options.getDisplayMedia !== null,
      }),
    );
  }

  getSnapshot = (): CallSnapshot => this.store.get();
  subscribe = (onChange: () => void): (() => void) => this.store.subscribe(onChange);
  onData = (listener: (data: CallData) => void): (() => void) => this.data.on(listener);

  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    this.statsTimer = setInterval(() => void this.sampleStats(), STATS_INTERVAL_MS);
    void this.begin();
  }

  /** One getStats() sample of the current link; a browser without it shows no indicator. */
  private async sampleStats(): Promise<void> {
    const link = this.link;
    if (!link || this.store.get().phase !== 'connected') {
      this.statsCounters = null;
      if (this.store.get().connection) this.store.update({ connection: null });
      return;
    }
    let report: RTCStatsReport;
    try {
      report = await link.pc.getStats();
    } catch {
      return;
    }
    if (link !== this.link || this.finished) return;
    const { stats, counters } = readConnectionStats(report, this.statsCounters, this.options.now());
    this.statsCounters = counters;
    const before = this.store.get().connection;
    if (JSON.stringify(before) !== JSON.stringify(stats)) this.store.update({ connection: stats });
    this.reportQuality(stats);
  }

  /**
   * Tells the server the call's latest quality now and then (numbers only): it keeps the last one
   * for the `left` event the doctor's console summarises.
   */
  private reportQuality(stats: ConnectionStats | null): void {
    const now = this.options.now();
    if (!stats || now - this.qualityReportedAt < QUALITY_REPORT_MS) return;
    const socket = this.socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) return;
    this.qualityReportedAt = now;
    const { quality, rttMs, lossPercent, receiveKbps } = stats;
    socket.send(
      JSON.stringify({ type: 'quality', summary: { quality, rttMs, lossPercent, receiveKbps } }),
    );
  }

  private async begin(): Promise<void> {
    // The camera and microphone chosen on the device check, where it left a choice.
    const { stream, state } = await acquireLocalMedia(
      this.options.getUserMedia,
      readDevicePreferences(),
    );
    if (this.finished) {
      stopStream(stream);
      return;
    }
    this.localStream = stream;
    this.store.update({
      localStream: stream,
      media: state,
      cameraOn: state.hasVideo,
      microphoneOn: state.hasAudio,
    });
    // The permission prompt may have waited longer than half the token's life.
    if (this.options.now() - this.answeredAt > JOIN_TOKEN_LIFETIME_MS / 2) await this.rejoin();
    else this.connect();
  }

  setCameraOn(on: boolean): void {
    const tracks = this.localStream?.getVideoTracks() ?? [];
    for (const track of tracks) track.enabled = on;
    if (tracks.length > 0) this.store.update({ cameraOn: on });
  }

  setMicrophoneOn(on: boolean): void {
    const tracks = this.localStream?.getAudioTracks() ?? [];
    for (const track of tracks) track.enabled = on;
    if (tracks.length > 0) this.store.update({ microphoneOn: on });
  }

  async startScreenShare(): Promise<void> {
    if (this.finished || this.screenStream || this.screenPending) return;
    const { getDisplayMedia } = this.options;
    if (!getDisplayMedia) {
      this.store.update({ screenShareIssue: 'unsupported' });
      return;
    }
    this.screenPending = true;
    this.store.update({ screenShareIssue: null });
    let stream: MediaStream;
    try {
      stream = await getDisplayMedia(DISPLAY_MEDIA_OPTIONS);
    } catch (error) {
      if (!this.finished) this.store.update({ screenShareIssue: displayMediaIssue(error) });
      return;
    } finally {
      this.screenPending = false;
    }
    const track = stream.getVideoTracks()[0];
    if (this.finished || !track) {
      stopStream(stream);
      if (!this.finished) this.store.update({ screenShareIssue: 'failed' });
      return;
    }
    // Text on a screen must stay readable: the encoder keeps the resolution, not the frame rate.
    track.contentHint = 'detail';
    // The browser's own "Stop sharing" bar (or the shared window closing) ends the track.
    track.addEventListener('ended', () => {
      if (this.screenStream === stream) this.stopScreenShare();
    });
    this.screenStream = stream;
    this.link?.shareScreen(stream);
    this.store.update({ sharingScreen: true });
  }

  stopScreenShare(): void {
    const stream = this.screenStream;
    if (!stream) return;
    this.screenStream = null;
    stopStream(stream);
    this.link?.shareScreen(null);
    this.store.update({ sharingScreen: false });
  }

  admit(): void {
    const socket = this.socket;
    if (socket && socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify({ type: 'admit' }));
  }

  leave(): void {
    this.finish('left');
  }

  // --- the signalling socket ----------------------------------------------------------------

  private connect(): void {
    if (this.finished) return;
    const url = this.answer.signallingUrl;
    if (!url) {
      this.finish('failed');
      return;
    }
    let socket: WebSocket;
    try {
      const resolved = new URL(resolveSignallingUrl(url, this.options.baseUrl));
      resolved.searchParams.set('instance', this.options.instanceId);
      socket = this.options.createWebSocket(resolved.toString());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.lastHeardAt = this.options.now();
    socket.addEventListener('message', (event: MessageEvent) => {
      if (socket !== this.socket) return;
      this.lastHeardAt = this.options.now();
      const message = parseServerSignal(event.data);
      if (message) this.handleServerSignal(message);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (socket !== this.socket) return;
      this.socketClosed(event.code);
    });
    this.startPinging();
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      if (this.options.now() - this.lastHeardAt > SILENCE_LIMIT_MS) {
        // A silent socket is dead (the network went away without a close): drop it ourselves.
        this.dropSocket();
        this.scheduleReconnect();
        return;
      }
      if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify({ type: 'ping' }));
    }, PING_INTERVAL_MS);
  }

  private stopPinging(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  /** Forgets the socket; its late events are ignored. */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.stopPinging();
    if (socket && socket.readyState !== SOCKET_CLOSED) {
      try {
        socket.close(1000);
      } catch {
        // Closing a socket that never opened can throw in old browsers.
      }
    }
  }

  private socketClosed(code: number): void {
    this.socket = null;
    this.stopPinging();
    if (this.finished) return;
    switch (code) {
      case SIGNALLING_CLOSE.ended:
        this.finish('ended');
        return;
      case SIGNALLING_CLOSE.replaced:
        this.finish('replaced');
        return;
      case SIGNALLING_CLOSE.forbidden:
        this.finish('failed');
        return;
      default:
        // A blip, a restart, an expired token (4401): join again.
        this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.finished || this.reconnectTimer !== null) return;
    const linkUp = this.store.get().phase === 'connected';
    this.store.update({ reconnecting: true, ...(linkUp ? {} : { phase: 'connecting' }) });
    const delay = reconnectDelay(this.attempt, this.options.random());
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.rejoin();
    }, delay);
  }

  private async rejoin(): Promise<void> {
    if (this.finished) return;
    let answer: JoinMeeting;
    try {
      answer = await this.options.join();
    } catch (error) {
      if (this.finished) return;
      const reason = endReasonOfJoinFailure(error);
      if (reason) this.finish(reason);
      else this.scheduleReconnect();
      return;
    }
    if (this.finished) return;
    this.answer = answer;
    this.answeredAt = this.options.now();
    this.connect();
  }

  private handleServerSignal(message: ServerSignal): void {
    switch (message.type) {
      case 'welcome': {
        this.attempt = 0;
        this.peerId = message.peerId;
        this.store.update({ reconnecting: false });
        const other = message.peers.find((peer) => this.isOtherParticipant(peer));
        if (other) this.meet(other);
        else if (!this.linkCarriesCall()) this.alone();
        // Else the other side's socket is away too (one network blip for both): keep the link.
        else this.awaitReturn();
        break;
      }
      case 'peer-joined':
        if (this.isOtherParticipant(message.peer)) this.meet(message.peer);
        break;
      case 'peer-left':
        if (this.remote?.peerId !== message.peerId) break;
        if (this.linkCarriesCall()) this.awaitReturn();
        else this.alone();
        break;
      case 'signal':
        this.handlePeerSignal(message.from, message.data);
        break;
      case 'closed':
        this.finish(message.reason);
        break;
      case 'admission':
        this.store.update({
          admission: { admitted: message.admitted, waiting: message.waiting },
        });
        break;
      case 'pong':
      case 'error':
        break;
    }
  }

  /**
   * The other participant is (back) here. The same page after a signalling blip keeps the link
   * that still carries the call — only its address changes; a new page (a reload) or a lost
   * link negotiates afresh.
   */
  private meet(peer: MeetingPeer): void {
    const samePage = peer.instanceId !== undefined && peer.instanceId === this.remote?.instanceId;
    if (samePage && this.linkCarriesCall()) {
      this.cancelAwaitReturn();
      this.remote = peer;
      // What we said while the socket was down never arrived (a share stopped meanwhile).
      this.link?.resync();
      return;
    }
    this.startLink(peer);
  }

  /** The peer connection is up and its files channel open: the call does not need the server. */
  private linkCarriesCall(): boolean {
    return (
      this.link !== null && this.store.get().phase === 'connected' && this.fileTransport.isOpen
    );
  }

  /** The other side's socket went away while our link lives: wait a while for it to return. */
  private awaitReturn(): void {
    if (this.remoteAwayTimer !== null) return;
    this.remoteAwayTimer = setTimeout(() => {
      this.remoteAwayTimer = null;
      this.alone();
    }, SIGNALLING_GRACE_MS);
  }

  private cancelAwaitReturn(): void {
    if (this.remoteAwayTimer !== null) clearTimeout(this.remoteAwayTimer);
    this.remoteAwayTimer = null;
  }

  /**
   * The patient for the doctor, the doctor for the patient. Not ourselves, and not our own
   * connection from another tab, which the server is about to close as replaced.
   */
  private isOtherParticipant(peer: MeetingPeer): boolean {
    return peer.peerId !== this.peerId && peer.role !== this.answer.role;
  }

  private handlePeerSignal(from: string, data: Record<string, unknown>): void {
    const signal = parsePeerSignal(data);
    if (!signal) return;
    if (!this.link && from !== this.peerId) {
      // A signal before the announcement of its sender (or after we lost track): only two
      // people can be in the room, so the sender is the other participant.
      const role = this.answer.role === 'patient' ? 'doctor' : 'patient';
      this.startLink({ peerId: from, role, userName: '' });
    }
    if (this.link && this.remote?.peerId === from) void this.link.handleSignal(signal);
  }

  private sendSignal(to: string, signal: PeerSignal): void {
    const socket = this.socket;
    // Lost while the socket is down; the connection is negotiated afresh after reconnecting.
    if (!socket || socket.readyState !== SOCKET_OPEN) return;
    socket.send(JSON.stringify({ type: 'signal', to, data: signal }));
  }

  // --- the peer connection ------------------------------------------------------------------

  private startLink(peer: MeetingPeer): void {
    this.closeLink();
    this.remote = peer;
    const pc = this.options.createPeerConnection({ iceServers: this.answer.iceServers });
    const link: PeerLink = new PeerLink({
      pc,
      polite: this.polite,
      localStream: this.localStream,
      // To the other side's current socket (it changes when they come back after a blip).
      sendSignal: (signal) => {
        if (link === this.link && this.remote) this.sendSignal(this.remote.peerId, signal);
      },
      onRemoteStream: (stream) => {
        if (link === this.link) this.store.update({ remoteStream: stream });
      },
      onRemoteScreen: (stream) => {
        if (link !== this.link) return;
        this.store.update({ remoteScreenStream: stream, remoteSharingScreen: stream !== null });
      },
      onStateChange: (state) => {
        if (link === this.link) this.linkStateChanged(state);
      },
      onChannel: (channel) => {
        if (link !== this.link) return;
        this.fileTransport.use(channel);
        channel.addEventListener('close', () => {
          if (link !== this.link) return;
          this.store.update({ transportOpen: false });
          // Their socket went away and now the link too: they left (a closed tab).
          if (this.remoteAwayTimer !== null) this.alone();
        });
        channel.addEventListener('message', (event: MessageEvent) => {
          if (link !== this.link) return;
          const from = peer.role;
          if (typeof event.data === 'string') {
            this.data.emit({ kind: 'message', message: event.data, from });
          } else if (event.data instanceof ArrayBuffer) {
            this.data.emit({ kind: 'binary', frame: new Uint8Array(event.data), from });
          }
        });
        this.store.update({ transportOpen: true });
      },
    });
    this.link = link;
    // A new link while we share (the other side reloaded, the link was lost): offer the screen
    // on it too.
    if (this.screenStream) link.shareScreen(this.screenStream);
    this.store.update({
      phase: 'connecting',
      remoteId: peer.role,
      remoteStream: null,
      remoteScreenStream: null,
      remoteSharingScreen: false,
      transportOpen: false,
    });
  }

  private linkStateChanged(state: PeerLinkState): void {
    if (this.finished) return;
    if (state === 'connected') this.store.update({ phase: 'connected' });
    else if (state === 'connecting' || state === 'failed')
      this.store.update({ phase: 'connecting' });
  }

  private closeLink(): void {
    this.cancelAwaitReturn();
    this.link?.close();
    this.link = null;
    this.remote = null;
    this.fileTransport.use(null);
  }

  /** The other participant is not (or no longer) here: keep our media, wait for them. */
  private alone(): void {
    this.closeLink();
    this.store.update({
      phase: 'waiting',
      remoteId: null,
      remoteStream: null,
      remoteScreenStream: null,
      remoteSharingScreen: false,
      transportOpen: false,
    });
  }

  private finish(reason: CallEndReason): void {
    if (this.finished) return;
    this.finished = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    window.removeEventListener('online', this.onOnline);
    if (this.statsTimer !== null) clearInterval(this.statsTimer);
    this.statsTimer = null;
    this.closeLink();
    this.dropSocket();
    stopStream(this.localStream);
    this.localStream = null;
    stopStream(this.screenStream);
    this.screenStream = null;
    this.data.clear();
    this.store.update({
      phase: 'ended',
      endReason: reason,
      reconnecting: false,
      localStream: null,
      remoteStream: null,
      remoteId: null,
      transportOpen: false,
      cameraOn: false,
      microphoneOn: false,
      connection: null,
      sharingScreen: false,
      remoteScreenStream: null,
      remoteSharingScreen: false,
    });
  }
}
