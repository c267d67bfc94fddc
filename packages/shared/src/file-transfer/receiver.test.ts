import { describe, expect, it, vi } from 'vitest';
import {
  FILE_SIZE_LIMIT_BYTES,
  INCOMPLETE_TRANSFER_TIMEOUT_MS,
  PACED_CHUNK_BYTES,
} from './constants.ts';
import { encodeBase64 } from './base64.ts';
import {
  decodeChunkFrame,
  decodeMessage,
  encodeChunkFrame,
  encodeMessage,
  type FileChunkMessage,
  type FileMetaMessage,
  type FileTransferMessage,
} from './messages.ts';
import { createFileReceiver, type FileReceiverLimits } from './receiver.ts';
import { createFileSender } from './sender.ts';
import type { FileTransport } from './transports.ts';

type Wire = { text: string } | { frame: Uint8Array };

/** What a real sender puts on the wire for `bytes`, captured instead of delivered. */
async function wireFor(
  bytes: Uint8Array,
  mode: FileTransport['mode'] = 'paced',
  fileId = 'file-1',
) {
  const wire: Wire[] = [];
  const transport: FileTransport = {
    mode,
    sendMessage: (text) => void wire.push({ text }),
    sendBinary: async (frame) => void wire.push({ frame }),
  };
  const sender = createFileSender({
    transport,
    senderId: 'alice',
    sleep: async () => {},
    randomId: () => fileId,
    now: () => 99,
  });
  await sender.send({ name: 'lab.pdf', type: 'application/pdf', bytes });
  return wire;
}

function kindOf(item: Wire): string {
  if ('frame' in item) return 'frame';
  const result = decodeMessage(item.text);
  return result.ok ? result.message.kind : 'invalid';
}

function setup(limits?: Partial<FileReceiverLimits>) {
  let now = 0;
  const onFile = vi.fn();
  const onError = vi.fn();
  const onProgress = vi.fn();
  const onStart = vi.fn();
  const receiver = createFileReceiver({
    onFile,
    onError,
    onProgress,
    onStart,
    now: () => now,
    limits,
  });
  const deliver = async (wire: Wire[], from = 'alice') => {
    for (const item of wire) {
      if ('text' in item) await receiver.handleMessage(item.text, from);
      else await receiver.handleBinary(item.frame, from);
    }
  };
  return {
    receiver,
    onFile,
    onError,
    onProgress,
    onStart,
    deliver,
    setNow: (t: number) => void (now = t),
  };
}

const bytes = Uint8Array.from({ length: 3 * PACED_CHUNK_BYTES + 17 }, (_, i) => (i * 31) % 251);

const meta = (over: Partial<FileMetaMessage> = {}): FileMetaMessage => ({
  v: 1,
  kind: 'meta',
  fileId: 'm1',
  name: 'x.bin',
  type: '',
  size: 10,
  totalChunks: 2,
  sha256: 'f'.repeat(64),
  timestamp: 0,
  ...over,
});
const chunkText = (index: number, data: Uint8Array, fileId = 'm1') =>
  encodeMessage({ v: 1, kind: 'chunk', fileId, index, payload: encodeBase64(data) });
const endText = (fileId = 'm1') => encodeMessage({ v: 1, kind: 'end', fileId });

describe('createFileReceiver', () => {
  it('delivers a file from either transport with its metadata', async () => {
    for (const mode of ['paced', 'binary'] as const) {
      const s = setup();
      await s.deliver(await wireFor(bytes, mode));
      expect(s.onError).not.toHaveBeenCalled();
      expect(s.onStart).toHaveBeenCalledWith({
        fileId: 'file-1',
        name: 'lab.pdf',
        type: 'application/pdf',
        size: bytes.length,
        timestamp: 99,
        senderId: 'alice',
      });
      expect(s.onFile).toHaveBeenCalledTimes(1);
      expect(s.onFile.mock.calls[0]![0]).toMatchObject({
        fileId: 'file-1',
        bytes,
        senderId: 'alice',
      });
      expect(s.onProgress).toHaveBeenLastCalledWith('file-1', bytes.length, bytes.length);
      expect(s.receiver.pending()).toBe(0);
    }
  });

  it('drops a file with one byte flipped in transit (paced): hashMismatch, nothing kept', async () => {
    const s = setup();
    const wire = (await wireFor(bytes)).map((item): Wire => {
      if (!('text' in item)) return item;
      const message = JSON.parse(item.text) as FileTransferMessage;
      if (message.kind !== 'chunk' || message.index !== 2) return item;
      const data = Uint8Array.from(atob(message.payload), (c) => c.charCodeAt(0));
      data[100]! ^= 0x01;
      return {
        text: encodeMessage({ ...message, payload: encodeBase64(data) } satisfies FileChunkMessage),
      };
    });
    await s.deliver(wire);
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('file-1', 'hashMismatch');
    expect(s.onFile).not.toHaveBeenCalled();
    expect(s.receiver.pending()).toBe(0);
  });

  it('drops a file with one byte flipped in a binary frame', async () => {
    const s = setup();
    const wire = (await wireFor(bytes, 'binary')).map((item): Wire => {
      if (!('frame' in item)) return item;
      const frame = item.frame.slice();
      frame[frame.length - 1]! ^= 0x80;
      return { frame };
    });
    await s.deliver(wire);
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('file-1', 'hashMismatch');
    expect(s.onFile).not.toHaveBeenCalled();
  });

  it('reports a missing chunk at end as incomplete', async () => {
    const s = setup();
    const wire = await wireFor(bytes);
    wire.splice(2, 1); // meta, chunk 0, [chunk 1], …
    await s.deliver(wire);
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('file-1', 'incomplete');
    expect(s.onFile).not.toHaveBeenCalled();
    expect(s.receiver.pending()).toBe(0);
  });

  it('ignores duplicate chunks', async () => {
    const s = setup();
    const wire = (await wireFor(bytes)).flatMap((item) =>
      kindOf(item) === 'chunk' ? [item, item] : [item],
    );
    await s.deliver(wire);
    expect(s.onError).not.toHaveBeenCalled();
    expect(s.onFile.mock.calls[0]![0]).toMatchObject({ bytes });
    expect(s.onProgress).toHaveBeenCalledTimes(4);
  });

  it('accepts chunks out of order', async () => {
    const s = setup();
    const wire = await wireFor(bytes);
    const [first, ...rest] = wire;
    const end = rest.pop()!;
    await s.deliver([first!, ...rest.reverse(), end]);
    expect(s.onFile.mock.calls[0]![0]).toMatchObject({ bytes });
  });

  it('drops a transfer on an index past totalChunks or bytes past the size', async () => {
    const s = setup();
    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    await s.receiver.handleMessage(chunkText(2, new Uint8Array(1)), 'alice');
    expect(s.onError).toHaveBeenLastCalledWith('m1', 'malformed');
    expect(s.receiver.pending()).toBe(0);

    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    await s.receiver.handleMessage(chunkText(0, new Uint8Array(8)), 'alice');
    await s.receiver.handleMessage(chunkText(1, new Uint8Array(8)), 'alice');
    expect(s.onError).toHaveBeenLastCalledWith('m1', 'malformed');
    expect(s.onError).toHaveBeenCalledTimes(2);
    expect(s.receiver.pending()).toBe(0);

    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    await s.receiver.handleBinary(encodeChunkFrame('m1', 5, new Uint8Array(1)), 'alice');
    expect(s.onError).toHaveBeenLastCalledWith('m1', 'malformed');
  });

  it('drops a live transfer on a broken message for it from its sender', async () => {
    const s = setup();
    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    // Non-canonical base64: valid alphabet, refused by the strict decoder.
    await s.receiver.handleMessage(
      { v: 1, kind: 'chunk', fileId: 'm1', index: 0, payload: 'QR==' },
      'alice',
    );
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('m1', 'malformed');
    expect(s.receiver.pending()).toBe(0);
  });

  it('ignores chunks and ends for unknown files or from another participant', async () => {
    const s = setup();
    await s.receiver.handleMessage(chunkText(0, new Uint8Array(5), 'nobody'), 'alice');
    await s.receiver.handleMessage(endText('nobody'), 'alice');
    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    await s.receiver.handleMessage(chunkText(0, new Uint8Array(5)), 'mallory');
    await s.receiver.handleBinary(encodeChunkFrame('m1', 1, new Uint8Array(5)), 'mallory');
    await s.receiver.handleMessage(endText(), 'mallory');
    await s.receiver.handleMessage(
      { v: 1, kind: 'chunk', fileId: 'm1', index: 0, payload: '!' },
      'mallory',
    );
    expect(s.onError).not.toHaveBeenCalled();
    expect(s.onProgress).not.toHaveBeenCalled();
    expect(s.receiver.pending()).toBe(1);
  });

  it('refuses a second meta for a live fileId and keeps the first transfer', async () => {
    const s = setup();
    const wire = await wireFor(bytes);
    const [first, ...rest] = wire;
    await s.deliver([first!]);
    const second = encodeMessage({
      ...(decodeMessage((first as { text: string }).text) as { message: FileMetaMessage }).message,
      size: 3,
      totalChunks: 1,
      name: 'evil.exe',
    });
    await s.receiver.handleMessage(second, 'alice');
    await s.receiver.handleMessage(second, 'mallory');
    await s.deliver(rest);
    expect(s.onError).not.toHaveBeenCalled();
    expect(s.onFile.mock.calls[0]![0]).toMatchObject({ name: 'lab.pdf', bytes });
  });

  it('refuses files over the limit before holding any byte', async () => {
    const s = setup({ maxFileBytes: 100 });
    await s.receiver.handleMessage(
      encodeMessage(meta({ fileId: 'big', size: FILE_SIZE_LIMIT_BYTES + 1 })),
      'alice',
    );
    expect(s.onError).toHaveBeenLastCalledWith('big', 'tooLarge');
    await s.receiver.handleMessage(
      encodeMessage(meta({ fileId: 'b2', size: 101, totalChunks: 1 })),
      'alice',
    );
    expect(s.onError).toHaveBeenLastCalledWith('b2', 'tooLarge');
    await s.receiver.handleMessage(
      encodeMessage(meta({ fileId: 'ok', size: 100, totalChunks: 1 })),
      'alice',
    );
    expect(s.onError).toHaveBeenCalledTimes(2);
    expect(s.receiver.pending()).toBe(1);
  });

  it('caps concurrent transfers and pending bytes', async () => {
    const s = setup();
    for (let i = 0; i < 9; i++) {
      await s.receiver.handleMessage(encodeMessage(meta({ fileId: `c${i}` })), 'alice');
    }
    expect(s.receiver.pending()).toBe(8);
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('c8', 'tooLarge');

    const t = setup();
    const big = { size: FILE_SIZE_LIMIT_BYTES, totalChunks: 4000 };
    await t.receiver.handleMessage(encodeMessage(meta({ fileId: 'b1', ...big })), 'alice');
    await t.receiver.handleMessage(encodeMessage(meta({ fileId: 'b2', ...big })), 'bob');
    await t.receiver.handleMessage(
      encodeMessage(meta({ fileId: 'b3', size: 1, totalChunks: 1 })),
      'carol',
    );
    expect(t.receiver.pending()).toBe(2);
    expect(t.onError).toHaveBeenCalledExactlyOnceWith('b3', 'tooLarge');
  });

  it('sweeps a transfer idle for longer than the timeout; duplicates do not keep it alive', async () => {
    const s = setup();
    await s.receiver.handleMessage(encodeMessage(meta()), 'alice');
    s.setNow(30_000);
    await s.receiver.handleMessage(chunkText(0, new Uint8Array(5)), 'alice');
    s.setNow(30_000 + INCOMPLETE_TRANSFER_TIMEOUT_MS);
    await s.receiver.handleMessage(chunkText(0, new Uint8Array(5)), 'alice');
    s.receiver.sweep();
    expect(s.onError).not.toHaveBeenCalled();
    s.setNow(30_001 + INCOMPLETE_TRANSFER_TIMEOUT_MS);
    s.receiver.sweep();
    expect(s.onError).toHaveBeenCalledExactlyOnceWith('m1', 'timeout');
    expect(s.receiver.pending()).toBe(0);
    await s.receiver.handleMessage(endText(), 'alice');
    expect(s.onError).toHaveBeenCalledTimes(1);
  });

  it('clear() forgets every transfer, even one being hashed', async () => {
    const s = setup();
    const wire = await wireFor(bytes);
    const end = wire.pop()!;
    await s.deliver(wire);
    await s.receiver.handleMessage(encodeMessage(meta({ fileId: 'other' })), 'bob');
    expect(s.receiver.pending()).toBe(2);
    s.receiver.clear();
    expect(s.receiver.pending()).toBe(0);
    await s.deliver([end]);

    const t = setup();
    const again = await wireFor(bytes);
    const lastEnd = again.pop()!;
    await t.deliver(again);
    const hashing = t.deliver([lastEnd]);
    t.receiver.clear();
    await hashing;
    expect([...s.onFile.mock.calls, ...t.onFile.mock.calls]).toEqual([]);
    expect([...s.onError.mock.calls, ...t.onError.mock.calls]).toEqual([]);
  });

  it('ignores the file list messages and hostile input without throwing', async () => {
    const s = setup();
    const junk: unknown[] = [
      encodeMessage({ v: 1, kind: 'list-request', requesterId: 'x', timestamp: 1 }),
      'garbage',
      '{"__proto__":{"kind":"meta"}}',
      null,
      undefined,
      42,
      { v: 1, kind: 'meta' },
    ];
    for (const raw of junk) await s.receiver.handleMessage(raw, 'alice');
    for (const frame of [new Uint8Array(0), new Uint8Array([0x56, 0x5a, 9]), new ArrayBuffer(3)]) {
      await s.receiver.handleBinary(frame, 'alice');
    }
    expect(s.onError).not.toHaveBeenCalled();
    expect(s.onFile).not.toHaveBeenCalled();
    expect(decodeChunkFrame(new Uint8Array(0)).ok).toBe(false);
  });
});
