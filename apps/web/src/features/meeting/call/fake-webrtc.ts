// Test doubles of the browser's WebRTC and WebSocket objects (the test DOM has neither), and a
// small signalling server that behaves like ours (apps/api meetings/rooms.ts): a welcome with who
// is here, peer-joined and peer-left, signals relayed to one peer. Imported by tests only.

import type { MeetingPeer, MeetingRole, ServerSignal } from '@vizita/shared/contracts/meetings';

const later = (fn: () => void) => setTimeout(fn, 0);

function eventWith<T extends object>(type: string, fields: T): Event & T {
  return Object.assign(new Event(type), fields);
}

const randomId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

export class FakeTrack extends EventTarget {
  enabled = true;
  stopped = false;
  contentHint = '';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly id: string = randomId(kind),
  ) {
    super();
  }
  /** Like the browser's: no `ended` event for a track the page stops itself. */
  stop(): void {
    this.stopped = true;
  }
  /** Ended from outside the page: the browser's own "Stop sharing" bar, a device unplugged. */
  end(): void {
    this.stopped = true;
    this.dispatchEvent(new Event('ended'));
  }
}

export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(
    tracks: FakeTrack[] = [],
    readonly id: string = randomId('stream'),
  ) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    const index = this.tracks.indexOf(track);
    if (index >= 0) this.tracks.splice(index, 1);
  }
}

/** What `addTrack` returns: the track and the ids of the streams it was sent in. */
export interface FakeSender {
  track: FakeTrack;
  streamIds: string[];
}

export const asStream = (stream: FakeMediaStream) => stream as unknown as MediaStream;

export class FakeDataChannel extends EventTarget {
  readyState: RTCDataChannelState = 'connecting';
  binaryType: BinaryType = 'blob';
  bufferedAmount = 0;
  bufferedAmountLowThreshold = 0;
  readonly sent: (string | Uint8Array)[] = [];
  constructor(
    readonly label: string,
    readonly init: RTCDataChannelInit,
  ) {
    super();
  }
  send(data: string | Uint8Array): void {
    if (this.readyState !== 'open') throw new DOMException('not open', 'InvalidStateError');
    this.sent.push(data);
  }
  open(): void {
    this.readyState = 'open';
    this.dispatchEvent(new Event('open'));
  }
  close(): void {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    this.dispatchEvent(new Event('close'));
  }
}

type Description = { type: 'offer' | 'answer'; sdp: string };

/**
 * Enough of RTCPeerConnection's offer/answer state machine for the perfect-negotiation logic:
 * implicit descriptions, implicit rollback of a local offer by a remote one, an answer refused
 * outside `have-local-offer`, `negotiationneeded` after a change while stable. "Connected" once
 * a whole offer/answer exchange is done.
 *
 * With `deliverMedia`, media flow as negotiated: a description carries what its maker was sending
 * when it was made, and applying it on the other side fires `track` for each new track (in
 * streams of the same ids, as msid makes them) and takes removed ones out of their streams.
 */
export class FakePeerConnection extends EventTarget {
  static created: FakePeerConnection[] = [];
  private static count = 0;
  /** What each description (by its SDP) said was being sent. */
  private static readonly described = new Map<string, FakeSender[]>();
  readonly id = ++FakePeerConnection.count;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  readonly tracks: FakeTrack[] = [];
  readonly senders: FakeSender[] = [];
  /** The other side's tracks this one receives, and the streams it made for them. */
  readonly received = new Map<FakeTrack, FakeMediaStream>();
  private readonly receivedStreams = new Map<string, FakeMediaStream>();
  readonly channels: FakeDataChannel[] = [];
  readonly candidates: (RTCIceCandidateInit | undefined)[] = [];
  /** Every setRemoteDescription, with the state it found. */
  readonly remoteApplied: { type: string; stateBefore: RTCSignalingState }[] = [];
  readonly offersMade: string[] = [];
  closed = false;
  restarts = 0;
  private needed = false;
  private negotiationQueued = false;
  private offers = 0;
  private answers = 0;

  constructor(
    readonly config: RTCConfiguration,
    private readonly deliverMedia = false,
  ) {
    super();
    FakePeerConnection.created.push(this);
  }

  private needNegotiation(): void {
    this.needed = true;
    this.queueNegotiation();
  }

  private queueNegotiation(): void {
    if (this.negotiationQueued || this.closed) return;
    this.negotiationQueued = true;
    later(() => {
      this.negotiationQueued = false;
      if (!this.closed && this.needed && this.signalingState === 'stable') {
        this.dispatchEvent(new Event('negotiationneeded'));
      }
    });
  }

  addTrack(track: FakeTrack, ...streams: FakeMediaStream[]): FakeSender {
    const sender = { track, streamIds: streams.map((stream) => stream.id) };
    this.tracks.push(track);
    this.senders.push(sender);
    this.needNegotiation();
    return sender;
  }

  removeTrack(sender: FakeSender): void {
    if (this.closed) throw new DOMException('closed', 'InvalidStateError');
    const index = this.senders.indexOf(sender);
    if (index < 0) return;
    this.senders.splice(index, 1);
    this.tracks.splice(this.tracks.indexOf(sender.track), 1);
    this.needNegotiation();
  }

  /** The description's SDP, remembered with what we send now. */
  private describe(sdp: string): string {
    FakePeerConnection.described.set(sdp, [...this.senders]);
    return sdp;
  }

  /** Applies what the other side said it sends: new tracks arrive, removed ones go. */
  private receiveMedia(sdp: string): void {
    const sent = FakePeerConnection.described.get(sdp);
    if (!this.deliverMedia || !sent) return;
    for (const [track, stream] of this.received) {
      if (!sent.some((sender) => sender.track === track)) {
        stream.removeTrack(track);
        this.received.delete(track);
      }
    }
    for (const { track, streamIds } of sent) {
      if (this.received.has(track)) continue;
      const streams = streamIds.map((id) => {
        let stream = this.receivedStreams.get(id);
        if (!stream) {
          stream = new FakeMediaStream([], id);
          this.receivedStreams.set(id, stream);
        }
        return stream;
      });
      this.received.set(track, streams[0] ?? new FakeMediaStream());
      this.receiveTrack(track, streams[0] ?? new FakeMediaStream(), streams);
    }
  }

  createDataChannel(label: string, init: RTCDataChannelInit): FakeDataChannel {
    const channel = new FakeDataChannel(label, init);
    this.channels.push(channel);
    this.needNegotiation();
    return channel;
  }

  restartIce(): void {
    this.restarts += 1;
    this.needNegotiation();
  }

  async setLocalDescription(): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw new DOMException('closed', 'InvalidStateError');
    if (this.signalingState === 'stable') {
      const sdp = this.describe(`offer-${this.id}-${++this.offers}`);
      this.offersMade.push(sdp);
      this.localDescription = { type: 'offer', sdp };
      this.signalingState = 'have-local-offer';
      this.needed = false;
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = {
        type: 'answer',
        sdp: this.describe(`answer-${this.id}-${++this.answers}`),
      };
      this.signalingState = 'stable';
      this.settled();
    } else {
      throw new DOMException('wrong state', 'InvalidStateError');
    }
    // Gathering starts with the first description.
    later(() => {
      if (this.closed) return;
      this.dispatchEvent(
        eventWith('icecandidate', {
          candidate: {
            candidate: `candidate:${this.id}`,
            sdpMid: '0',
            sdpMLineIndex: 0,
            usernameFragment: 'u',
          },
        }),
      );
    });
  }

  async setRemoteDescription(description: Description): Promise<void> {
    await Promise.resolve();
    if (this.closed) throw new DOMException('closed', 'InvalidStateError');
    this.remoteApplied.push({ type: description.type, stateBefore: this.signalingState });
    if (description.type === 'offer') {
      // A remote offer rolls a local offer back (the polite side in a collision).
      if (this.signalingState === 'have-local-offer') this.needed = true;
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
      this.receiveMedia(description.sdp);
      return;
    }
    if (this.signalingState !== 'have-local-offer') {
      throw new DOMException('answer in wrong state', 'InvalidStateError');
    }
    this.remoteDescription = description;
    this.signalingState = 'stable';
    this.receiveMedia(description.sdp);
    this.settled();
  }

  private settled(): void {
    if (this.connectionState !== 'connected') {
      later(() => {
        if (this.closed) return;
        this.connectionState = 'connected';
        this.iceConnectionState = 'connected';
        this.dispatchEvent(new Event('connectionstatechange'));
        for (const channel of this.channels) if (channel.readyState !== 'open') channel.open();
      });
    }
    if (this.needed) this.queueNegotiation();
  }

  async addIceCandidate(candidate?: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription)
      throw new DOMException('no remote description', 'InvalidStateError');
    this.candidates.push(candidate);
  }

  /** The network went away under the connection. */
  fail(): void {
    this.connectionState = 'failed';
    this.dispatchEvent(new Event('connectionstatechange'));
  }

  /** The other side's media arrives. */
  receiveTrack(track: FakeTrack, stream: FakeMediaStream, streams = [stream]): void {
    stream.addTrack(track);
    this.dispatchEvent(eventWith('track', { track, streams }));
  }

  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
    this.signalingState = 'closed';
    for (const channel of this.channels) channel.close();
  }
}

export class FakeSocket extends EventTarget {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  constructor(
    readonly url: string,
    private readonly server: FakeSignallingServer,
  ) {
    super();
  }
  send(text: string): void {
    if (this.readyState !== 1) throw new DOMException('not open', 'InvalidStateError');
    const message = JSON.parse(text) as Record<string, unknown>;
    this.sent.push(message);
    this.server.received(this, message);
  }
  /** The client closes. */
  close(code = 1000): void {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
    later(() => this.server.disconnected(this));
  }
  /** The server (or the network) closes. */
  drop(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.server.disconnected(this);
    later(() => this.dispatchEvent(eventWith('close', { code })));
  }
  deliver(message: ServerSignal): void {
    later(() => {
      if (this.readyState !== 1) return;
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }
}

interface Member {
  socket: FakeSocket;
  peer: MeetingPeer;
}

/**
 * Our signalling server, reduced: the join token in the URL names the role (`?token=patient-3`).
 * A token the test marks as expired is refused with 4401.
 */
export class FakeSignallingServer {
  readonly sockets: FakeSocket[] = [];
  readonly members: Member[] = [];
  readonly expired = new Set<string>();
  private peers = 0;

  connect = (url: string): WebSocket => {
    const socket = new FakeSocket(url, this);
    this.sockets.push(socket);
    later(() => this.accept(socket));
    return socket as unknown as WebSocket;
  };

  private accept(socket: FakeSocket): void {
    if (socket.readyState !== 0) return;
    const token = new URL(socket.url).searchParams.get('token') ?? '';
    if (this.expired.has(token)) {
      socket.drop(4401);
      return;
    }
    socket.readyState = 1;
    socket.dispatchEvent(new Event('open'));
    const role = token.split('-')[0] as MeetingRole;
    const instance = new URL(socket.url).searchParams.get('instance');
    const peer: MeetingPeer = {
      peerId: `peer-${++this.peers}`,
      role,
      userName: role,
      ...(instance ? { instanceId: instance } : {}),
    };
    const others = this.members.filter((m) => m.peer.role !== role);
    // The same user again replaces the older connection.
    for (const old of this.members.filter((m) => m.peer.role === role)) {
      old.socket.deliver({ type: 'closed', reason: 'replaced' });
      this.remove(old.socket);
      later(() => old.socket.drop(4409));
    }
    this.members.push({ socket, peer });
    socket.deliver({ type: 'welcome', peerId: peer.peerId, peers: others.map((m) => m.peer) });
    for (const other of others) other.socket.deliver({ type: 'peer-joined', peer });
  }

  received(socket: FakeSocket, message: Record<string, unknown>): void {
    const from = this.members.find((m) => m.socket === socket);
    if (!from) return;
    if (message.type === 'ping') {
      socket.deliver({ type: 'pong' });
      return;
    }
    if (message.type === 'signal') {
      const to = this.members.find((m) => m.peer.peerId === message.to);
      to?.socket.deliver({
        type: 'signal',
        from: from.peer.peerId,
        data: message.data as Record<string, unknown>,
      });
    }
  }

  private remove(socket: FakeSocket): Member | undefined {
    const index = this.members.findIndex((m) => m.socket === socket);
    if (index < 0) return undefined;
    const [member] = this.members.splice(index, 1);
    for (const other of this.members) {
      other.socket.deliver({ type: 'peer-left', peerId: member!.peer.peerId });
    }
    return member;
  }

  disconnected(socket: FakeSocket): void {
    this.remove(socket);
  }

  /** The meeting's window closed: everyone is told, then closed with 4410. */
  end(): void {
    for (const member of [...this.members]) {
      member.socket.deliver({ type: 'closed', reason: 'ended' });
      later(() => member.socket.drop(4410));
    }
    this.members.length = 0;
  }

  socketOf(role: MeetingRole): FakeSocket | undefined {
    return this.members.find((m) => m.peer.role === role)?.socket;
  }
}
