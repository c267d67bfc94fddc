// A test double of RTCPeerConnection for the connection check: gathering produces the candidate
// types the test names, one per macrotask, then ends (or never ends). Imported by tests only.

export class FakeIcePeerConnection extends EventTarget {
  iceGatheringState: RTCIceGatheringState = 'new';
  closed = false;
  readonly channels: string[] = [];

  constructor(
    readonly config: RTCConfiguration,
    private readonly types: string[],
    private readonly completes = true,
  ) {
    super();
  }

  createDataChannel(label: string) {
    this.channels.push(label);
    return {};
  }

  createOffer() {
    return Promise.resolve({ type: 'offer', sdp: 'v=0' });
  }

  setLocalDescription() {
    this.iceGatheringState = 'gathering';
    let delay = 0;
    for (const type of this.types) {
      setTimeout(
        () => this.emit({ type, candidate: `candidate:1 1 udp 1 192.0.2.1 5000 typ ${type}` }),
        delay++,
      );
    }
    if (this.completes) {
      setTimeout(() => {
        this.iceGatheringState = 'complete';
        this.emit(null);
        this.dispatchEvent(new Event('icegatheringstatechange'));
      }, delay);
    }
    return Promise.resolve();
  }

  close() {
    this.closed = true;
  }

  private emit(candidate: { type: string | null; candidate: string } | null) {
    if (this.closed) return;
    this.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate }));
  }
}

/** A `createPeerConnection` whose connections gather `types`; the made ones are in `.made`. */
export function fakeIce(types: string[], completes = true) {
  const made: FakeIcePeerConnection[] = [];
  const create = (config: RTCConfiguration) => {
    const pc = new FakeIcePeerConnection(config, types, completes);
    made.push(pc);
    return pc as unknown as RTCPeerConnection;
  };
  return Object.assign(create, { made });
}
