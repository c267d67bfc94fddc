import { createFilesChannel } from './data-channel-transport';

// One RTCPeerConnection with the other participant, negotiated by the "perfect negotiation"
// pattern (https://developer.mozilla.org/en-US/docs/Web/API/WebRTC_API/Perfect_negotiation):
// either side may offer whenever it needs to; when both offer at once, the impolite side ignores
// the other's offer and the polite side rolls its own back and answers. Signals travel through
// the signalling server as `{ description }` or `{ candidate }`, and `{ screen }` says which of
// our streams is a shared screen.
//
// Screen sharing. The screen is one more track, in a stream of its own, added beside the camera
// (addTrack) and negotiated like any change: perfect negotiation makes the new offer, whichever
// side shares. The other side tells a screen from a camera by its stream's id (the SDP's msid,
// which both ends see alike), announced in `{ screen: { streamId } }` before the offer that
// carries it: both go through the same socket in order, and signals are applied in order, so the
// id is known when the track arrives. `{ screen: null }` ends the share (the track is removed).

/** Which of the sender's streams is their shared screen; null: they stopped sharing. */
export type ScreenAnnouncement = { streamId: string } | null;

export type PeerSignal =
  | { description: RTCSessionDescriptionInit }
  | { candidate: RTCIceCandidateInit | null }
  | { screen: ScreenAnnouncement };

/**
 * A stream id as SDP carries it (RFC 8830 msid-id: 1 to 64 token characters). Anything else is
 * not an id a browser made, so it is refused rather than looked up.
 */
const STREAM_ID = /^[!#$%&'*+\-.0-9A-Z^_`a-z{|}~]{1,64}$/;

export type PeerLinkState = 'connecting' | 'connected' | 'failed' | 'closed';

export interface PeerLinkOptions {
  pc: RTCPeerConnection;
  /** The polite side yields in an offer collision (here: the patient). */
  polite: boolean;
  localStream: MediaStream | null;
  sendSignal: (signal: PeerSignal) => void;
  /** The other participant's camera and microphone. */
  onRemoteStream: (stream: MediaStream) => void;
  /** Their shared screen as it starts and stops (null). */
  onRemoteScreen: (stream: MediaStream | null) => void;
  onStateChange: (state: PeerLinkState) => void;
  onChannel: (channel: RTCDataChannel) => void;
  /** A step of the negotiation failed; the link is still usable or will be replaced. */
  onError?: (error: unknown) => void;
}

/**
 * Reads `{ description }`, `{ candidate }` or `{ screen }` from a peer's message (relayed by the
 * server as it came, so anything may be in it); null for anything else.
 */
export function parsePeerSignal(data: Record<string, unknown>): PeerSignal | null {
  if ('screen' in data) {
    const screen = data.screen;
    if (screen === null) return { screen: null };
    if (typeof screen !== 'object' || Array.isArray(screen)) return null;
    const { streamId } = screen as Record<string, unknown>;
    if (typeof streamId !== 'string' || !STREAM_ID.test(streamId)) return null;
    return { screen: { streamId } };
  }
  const description = data.description;
  if (typeof description === 'object' && description !== null) {
    const { type, sdp } = description as Record<string, unknown>;
    if ((type === 'offer' || type === 'answer') && typeof sdp === 'string') {
      return { description: { type, sdp } };
    }
    return null;
  }
  if (!('candidate' in data)) return null;
  const candidate = data.candidate;
  // null: the end of the candidates.
  if (candidate === null) return { candidate: null };
  if (typeof candidate !== 'object') return null;
  const {
    candidate: line,
    sdpMid,
    sdpMLineIndex,
    usernameFragment,
  } = candidate as Record<string, unknown>;
  if (typeof line !== 'string') return null;
  return {
    candidate: {
      candidate: line,
      sdpMid: typeof sdpMid === 'string' ? sdpMid : null,
      sdpMLineIndex: typeof sdpMLineIndex === 'number' ? sdpMLineIndex : null,
      ...(typeof usernameFragment === 'string' ? { usernameFragment } : {}),
    },
  };
}

const descriptionInit = ({ type, sdp }: RTCSessionDescription): RTCSessionDescriptionInit => ({
  type,
  sdp,
});

const candidateInit = (candidate: RTCIceCandidate): RTCIceCandidateInit => ({
  candidate: candidate.candidate,
  sdpMid: candidate.sdpMid,
  sdpMLineIndex: candidate.sdpMLineIndex,
  ...(candidate.usernameFragment ? { usernameFragment: candidate.usernameFragment } : {}),
});

/**
 * The polite side (the patient) lets the other make the first offer, and offers itself only if
 * none came within this time. Both sides offering at once is what perfect negotiation resolves
 * by a rollback — and Chromium, rolled back while it gathers ICE candidates, was seen to gather
 * none for its answer, leaving the call stuck in "connecting" (about one reload in four).
 */
export const POLITE_FIRST_OFFER_WAIT_MS = 2000;
/** A link not connected after this long gets an ICE restart from the impolite side, repeatedly. */
export const LINK_CONNECT_TIMEOUT_MS = 10_000;

export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly channel: RTCDataChannel;
  private readonly polite: boolean;
  private readonly options: PeerLinkOptions;
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  private closed = false;
  private connected = false;
  private remoteDescriptionSeen = false;
  private firstOfferTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  /** The other side's streams by id, in the order they came: camera first, then a screen. */
  private readonly remoteStreams = new Map<string, MediaStream>();
  /** The id the other side announced for its screen; null when it does not share. */
  private remoteScreenId: string | null = null;
  private shownCamera: MediaStream | null = null;
  private shownScreen: MediaStream | null = null;
  /** Our screen's sender and stream while we share on this link. */
  private screenSender: RTCRtpSender | null = null;
  private sharedScreen: MediaStream | null = null;
  /** Incoming signals are handled one after another: each step awaits the previous. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: PeerLinkOptions) {
    this.options = options;
    this.pc = options.pc;
    this.polite = options.polite;
    const { pc } = this;

    pc.addEventListener('negotiationneeded', () => {
      if (this.polite && !this.remoteDescriptionSeen) {
        this.firstOfferTimer ??= setTimeout(() => {
          if (!this.remoteDescriptionSeen) void this.offer();
        }, POLITE_FIRST_OFFER_WAIT_MS);
        return;
      }
      void this.offer();
    });
    if (!this.polite) {
      this.watchdog = setInterval(() => {
        if (!this.closed && !this.connected) this.pc.restartIce();
      }, LINK_CONNECT_TIMEOUT_MS);
    }
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (this.closed) return;
      options.sendSignal({ candidate: candidate ? candidateInit(candidate) : null });
    });
    pc.addEventListener('track', ({ track, streams }) => {
      if (this.closed) return;
      // A track without a stream (not how our pages send) joins the camera's.
      let stream = streams[0] ?? this.shownCamera;
      if (!stream) stream = new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.remoteStreams.set(stream.id, stream);
      this.showRemote();
    });
    pc.addEventListener('connectionstatechange', () => this.reportState());
    pc.addEventListener('iceconnectionstatechange', () => this.reportState());

    // Our media: addTrack (not addTransceiver), so that an offer from the other side can take
    // these transceivers for its own m-lines. A kind we lack is received without sending.
    for (const track of options.localStream?.getTracks() ?? []) {
      pc.addTrack(track, options.localStream!);
    }

    this.channel = createFilesChannel(pc);
    this.channel.addEventListener('open', () => {
      if (!this.closed) options.onChannel(this.channel);
    });
  }

  /** Tells the owner which stream is the camera (after each track) and which the screen. */
  private showRemote(): void {
    const screenId = this.remoteScreenId;
    const screen = screenId === null ? null : (this.remoteStreams.get(screenId) ?? null);
    let camera: MediaStream | null = null;
    for (const [id, stream] of this.remoteStreams) {
      if (id !== screenId) {
        camera = stream;
        break;
      }
    }
    if (camera) {
      this.shownCamera = camera;
      this.options.onRemoteStream(camera);
    }
    if (screen !== this.shownScreen) {
      this.shownScreen = screen;
      this.options.onRemoteScreen(screen);
    }
  }

  private screenAnnounced(screen: ScreenAnnouncement): void {
    const previous = this.remoteScreenId;
    // A screen stream ends with its share: the next share comes in a new stream.
    if (previous !== null && previous !== screen?.streamId) this.remoteStreams.delete(previous);
    this.remoteScreenId = screen?.streamId ?? null;
    this.showRemote();
  }

  /**
   * Shares `stream`'s video as our screen on this link, or stops sharing (null). The other side
   * is told first, then the track is added or removed, which starts a negotiation.
   */
  shareScreen(stream: MediaStream | null): void {
    if (this.closed) return;
    const track = stream?.getVideoTracks()[0] ?? null;
    if (this.screenSender === null && track === null) return;
    this.sharedScreen = track ? stream : null;
    this.options.sendSignal({ screen: this.screenAnnouncement() });
    if (this.screenSender) {
      try {
        this.pc.removeTrack(this.screenSender);
      } catch {
        // The connection is closing; the other side drops it too.
      }
      this.screenSender = null;
    }
    if (stream && track) this.screenSender = this.pc.addTrack(track, stream);
  }

  private screenAnnouncement(): ScreenAnnouncement {
    return this.sharedScreen ? { streamId: this.sharedScreen.id } : null;
  }

  /**
   * Says again what may have been lost while our signalling socket (or the other side's) was
   * down and the link went on: which screen we share, and an offer still waiting for its answer
   * (perfect negotiation makes no new offer until then, so a lost one would stall every change).
   */
  resync(): void {
    if (this.closed) return;
    this.options.sendSignal({ screen: this.screenAnnouncement() });
    const local = this.pc.localDescription;
    if (this.pc.signalingState === 'have-local-offer' && local) {
      this.options.sendSignal({ description: descriptionInit(local) });
    }
  }

  private reportState(): void {
    if (this.closed) return;
    const { connectionState, iceConnectionState } = this.pc;
    // `connectionState` is missing in Firefox before 113; the ICE state says nearly as much.
    const state: string = connectionState ?? iceConnectionState;
    if (state === 'connected' || state === 'completed') {
      this.connected = true;
      this.options.onStateChange('connected');
    } else if (state === 'failed') {
      this.connected = false;
      // ICE found no path any more (a network change): look for a new one; a new offer follows.
      this.pc.restartIce();
      this.options.onStateChange('failed');
    } else if (state !== 'closed') {
      this.connected = false;
      this.options.onStateChange('connecting');
    }
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      // Without arguments the right description is made for the state: an offer here.
      await this.pc.setLocalDescription();
      if (this.closed || !this.pc.localDescription) return;
      this.options.sendSignal({ description: descriptionInit(this.pc.localDescription) });
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.makingOffer = false;
    }
  }

  /** A signal from the other side; handled in arrival order. */
  handleSignal(signal: PeerSignal): Promise<void> {
    const next = this.queue.then(() => this.apply(signal));
    this.queue = next.catch((error: unknown) => {
      if (!this.closed) this.options.onError?.(error);
    });
    return this.queue;
  }

  private async apply(signal: PeerSignal): Promise<void> {
    if (this.closed) return;
    const { pc } = this;
    if ('screen' in signal) {
      this.screenAnnounced(signal.screen);
      return;
    }
    if ('description' in signal) {
      const { description } = signal;
      const readyForOffer =
        !this.makingOffer && (pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
      const offerCollision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.polite && offerCollision;
      if (this.ignoreOffer) return;
      this.isSettingRemoteAnswerPending = description.type === 'answer';
      try {
        // The polite side in a collision: setRemoteDescription rolls its own offer back.
        await pc.setRemoteDescription(description);
        this.remoteDescriptionSeen = true;
      } finally {
        this.isSettingRemoteAnswerPending = false;
      }
      if (this.closed) return;
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        if (this.closed || !pc.localDescription) return;
        this.options.sendSignal({ description: descriptionInit(pc.localDescription) });
      }
      return;
    }
    try {
      await pc.addIceCandidate(signal.candidate ?? undefined);
    } catch (error) {
      // Candidates of an offer we ignored fail to apply; that is expected.
      if (!this.ignoreOffer) throw error;
    }
  }

  /** Ends the link: no more events reach the owner. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.firstOfferTimer);
    clearInterval(this.watchdog);
    try {
      this.channel.close();
    } catch {
      // Already closed.
    }
    this.pc.close();
  }
}
