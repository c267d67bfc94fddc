// Runs in Chromium (bundled by file-transfer.ts): two peer connections in one page, joined over
// loopback, and one 10 MB transfer through either our protocol or a raw data channel.
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

/**
 * The baseline: the same bytes, the same chunk size and the same back-pressure marks, but no
 * protocol — no metadata, no framing, no hashing, no reassembly. Timed until the last byte lands.
 */
async function raw(bytes: Uint8Array): Promise<number> {
  const { a, b, close } = await connectedChannels();
  a.bufferedAmountLowThreshold = DATA_CHANNEL_LOW_WATER_BYTES;
  let received = 0;
  const done = new Promise<void>((resolve) => {
    b.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      received += e.data.byteLength;
      if (received === bytes.length) resolve();
    };
  });
  const start = performance.now();
  for (let offset = 0; offset < bytes.length; offset += DATA_CHANNEL_CHUNK_BYTES) {
    a.send(bytes.subarray(offset, offset + DATA_CHANNEL_CHUNK_BYTES) as Uint8Array<ArrayBuffer>);
    if (a.bufferedAmount > DATA_CHANNEL_HIGH_WATER_BYTES)
      await new Promise((resolve) =>
        a.addEventListener('bufferedamountlow', resolve, { once: true }),
      );
  }
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

const file = randomFile(10_485_760);
Object.assign(window, {
  benchTransfer: (kind: 'raw' | 'protocol') => (kind === 'raw' ? raw(file) : protocol(file)),
});
