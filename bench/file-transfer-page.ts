// Runs in the browser (bundled by transfer-page-server.ts), in one of two modes. One page: two peer
// connections in it, joined over loopback, and one 10 MB transfer through either our protocol or
// a raw data channel (`benchTransfer`). Two pages, in two browsers: this page holds one peer
// connection, the harness carries the descriptions between the pages, and 10 MB cross raw
// (`benchPeer`) — the baseline of a pair of engines, which one page cannot give.
import { DATA_CHANNEL_CHUNK_BYTES } from '../packages/shared/src/file-transfer/constants.ts';
import {
  createDataChannelTransport,
  DATA_CHANNEL_HIGH_WATER_BYTES,
  DATA_CHANNEL_LOW_WATER_BYTES,
} from '../packages/shared/src/file-transfer/data-channel-transport.ts';
import { createFileReceiver } from '../packages/shared/src/file-transfer/receiver.ts';
import { createFileSender } from '../packages/shared/src/file-transfer/sender.ts';

/** Two connected peers with one negotiated, ordered data channel each side. */
async function connectedChannels(): Promise<{
  a: RTCDataChannel;
  b: RTCDataChannel;
  close: () => void;
}> {
  const pa = new RTCPeerConnection();
  const pb = new RTCPeerConnection();
  pa.onicecandidate = (e) => void (e.candidate && pb.addIceCandidate(e.candidate));
  pb.onicecandidate = (e) => void (e.candidate && pa.addIceCandidate(e.candidate));
  const a = pa.createDataChannel('files', { negotiated: true, id: 0, ordered: true });
  const b = pb.createDataChannel('files', { negotiated: true, id: 0, ordered: true });
  a.binaryType = 'arraybuffer';
  b.binaryType = 'arraybuffer';
  await pa.setLocalDescription(await pa.createOffer());
  await pb.setRemoteDescription(pa.localDescription!);
  await pb.setLocalDescription(await pb.createAnswer());
  await pa.setRemoteDescription(pb.localDescription!);
  await Promise.all(
    [a, b].map(
      (c) => new Promise((resolve) => c.addEventListener('open', resolve, { once: true })),
    ),
  );
  return { a, b, close: () => [pa, pb].forEach((p) => p.close()) };
}

function randomFile(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65_536)
    crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65_536)));
  return bytes;
}

/** Sends `bytes` raw in chunks, waiting at the high-water mark until the queue drains. */
async function sendRaw(channel: RTCDataChannel, bytes: Uint8Array): Promise<void> {
  channel.bufferedAmountLowThreshold = DATA_CHANNEL_LOW_WATER_BYTES;
  for (let offset = 0; offset < bytes.length; offset += DATA_CHANNEL_CHUNK_BYTES) {
    channel.send(
      bytes.subarray(offset, offset + DATA_CHANNEL_CHUNK_BYTES) as Uint8Array<ArrayBuffer>,
    );
    if (channel.bufferedAmount > DATA_CHANNEL_HIGH_WATER_BYTES)
      await new Promise((resolve) =>
        channel.addEventListener('bufferedamountlow', resolve, { once: true }),
      );
  }
}

/**
 * The baseline: the same bytes, the same chunk size and the same back-pressure marks, but no
 * protocol — no metadata, no framing, no hashing, no reassembly. Timed until the last byte lands.
 */
async function raw(bytes: Uint8Array): Promise<number> {
  const { a, b, close } = await connectedChannels();
  let received = 0;
  const done = new Promise<void>((resolve) => {
    b.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      received += e.data.byteLength;
      if (received === bytes.length) resolve();
    };
  });
  const start = performance.now();
  await sendRaw(a, bytes);
  await done;
  const ms = performance.now() - start;
  close();
  return ms;
}

/** Ours: meta with the SHA-256, framed chunks, end; timed until the receiver verified the hash. */
async function protocol(bytes: Uint8Array): Promise<number> {
  const { a, b, close } = await connectedChannels();
  let failed: string | undefined;
  const verified = new Promise<void>((resolve, reject) => {
    const receiver = createFileReceiver({
      onFile: (file) => (file.size === bytes.length ? resolve() : reject(new Error('size'))),
      onError: (_id, reason) => reject(new Error((failed = reason))),
    });
    b.onmessage = (e: MessageEvent<string | ArrayBuffer>) =>
      void (typeof e.data === 'string'
        ? receiver.handleMessage(e.data, 'sender')
        : receiver.handleBinary(e.data, 'sender'));
  });
  const sender = createFileSender({ transport: createDataChannelTransport(a), senderId: 'sender' });
  const start = performance.now();
  await sender.send({ name: 'scan.pdf', type: 'application/pdf', bytes });
  await verified;
  const ms = performance.now() - start;
  close();
  if (failed) throw new Error(failed);
  return ms;
}

/** This machine's wall clock in milliseconds: the same in two browsers on it, to a fraction. */
const wallClock = () => performance.timeOrigin + performance.now();

/**
 * One end of a two-page link: one connection for every transfer between the pair, warmed by the
 * first as a call's connection is by the call. `offer` (or `answer`) starts it and `accept`
 * finishes it on the offering side; the descriptions hold every candidate (no trickle), so the
 * harness relays one message each way. Either end sends; the other collects the arrival times.
 */
function createPeerEnd() {
  let pc: RTCPeerConnection | undefined;
  let channel: RTCDataChannel | undefined;
  let open: Promise<unknown> = Promise.resolve();
  // Arrivals nobody asked for yet, and who waits for the next one: `arrived` may be asked before
  // or after the last byte lands.
  const arrivals: number[] = [];
  let waiting: ((at: number) => void) | undefined;

  function fresh() {
    pc?.close();
    pc = new RTCPeerConnection();
    channel = pc.createDataChannel('files', { negotiated: true, id: 0, ordered: true });
    channel.binaryType = 'arraybuffer';
    const ch = channel;
    open = new Promise((resolve) => ch.addEventListener('open', resolve, { once: true }));
    // Counting starts with the connection, so no message can come before the listener.
    let received = 0;
    ch.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      received += e.data.byteLength;
      if (received < file.length) return;
      received = 0;
      if (waiting) waiting(wallClock());
      else arrivals.push(wallClock());
      waiting = undefined;
    };
    return pc;
  }

  async function described(peer: RTCPeerConnection): Promise<RTCSessionDescriptionInit> {
    if (peer.iceGatheringState !== 'complete')
      await new Promise<void>((resolve) =>
        peer.addEventListener('icegatheringstatechange', () => {
          if (peer.iceGatheringState === 'complete') resolve();
        }),
      );
    const { type, sdp } = peer.localDescription!;
    return { type, sdp };
  }

  return {
    async offer(): Promise<RTCSessionDescriptionInit> {
      const peer = fresh();
      await peer.setLocalDescription(await peer.createOffer());
      return described(peer);
    },
    async answer(offer: RTCSessionDescriptionInit): Promise<RTCSessionDescriptionInit> {
      const peer = fresh();
      await peer.setRemoteDescription(offer);
      await peer.setLocalDescription(await peer.createAnswer());
      return described(peer);
    },
    async accept(answer: RTCSessionDescriptionInit): Promise<void> {
      await pc!.setRemoteDescription(answer);
    },
    /** Resolves once the channel is open on this side. */
    opened: () => open.then(() => undefined),
    /** The wall-clock time of the first byte sent; resolves when the last one is queued. */
    async send(): Promise<number> {
      const start = wallClock();
      await sendRaw(channel!, file);
      return start;
    },
    /** The wall-clock time the last byte of the next 10 MB not yet asked for arrived here. */
    arrived: (): Promise<number> =>
      arrivals.length > 0
        ? Promise.resolve(arrivals.shift()!)
        : new Promise((resolve) => (waiting = resolve)),
    close: () => pc?.close(),
  };
}

const file = randomFile(10_485_760);
Object.assign(window, {
  benchTransfer: (kind: 'raw' | 'protocol') => (kind === 'raw' ? raw(file) : protocol(file)),
  benchPeer: createPeerEnd(),
});
