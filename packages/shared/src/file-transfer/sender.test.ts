import { describe, expect, it, vi } from 'vitest';
import {
  DATA_CHANNEL_CHUNK_BYTES,
  FILE_SIZE_LIMIT_BYTES,
  PACED_CHUNK_BYTES,
  PACED_CHUNK_CHARS,
  PACED_CHUNK_PAUSE_MS,
} from './constants.ts';
import { decodeMessage, type FileTransferMessage } from './messages.ts';
import { createFileReceiver, type ReceivedFile } from './receiver.ts';
import { createFileSender, FileSendError } from './sender.ts';
import { sha256Hex } from './sha256.ts';
import type { FileTransport } from './transports.ts';

/** Random bytes (getRandomValues fills at most 64 KiB per call). */
function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65_536, length)));
  }
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function decoded(text: string): FileTransferMessage {
  const result = decodeMessage(text);
  if (!result.ok) throw new Error(result.reason);
  return result.message;
}

/** A receiver on the far side of an in-memory transport, recording what it saw. */
function harness(mode: FileTransport['mode'], { lateBinary = false } = {}) {
  const files: ReceivedFile[] = [];
  const errors: [string, string][] = [];
  const receiver = createFileReceiver({
    onFile: (file) => files.push(file),
    onError: (fileId, reason) => errors.push([fileId, reason]),
  });
  const events: string[] = [];
  const messages: FileTransferMessage[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport: FileTransport = {
    mode,
    sendMessage: vi.fn(async (text: string) => {
      const message = decoded(text);
      messages.push(message);
      events.push(message.kind);
      // Daily refuses app messages over 4 KB.
      expect(new TextEncoder().encode(text).length).toBeLessThan(4096);
      await receiver.handleMessage(text, 'alice');
    }),
    ...(mode === 'binary' && {
      sendBinary: vi.fn(async (frame: Uint8Array) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        events.push('frame');
        await receiver.handleBinary(frame, 'alice');
        // The channel's buffer drains later: the sender must wait for it.
        if (lateBinary) await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight--;
      }),
    }),
  };
  const sleep = vi.fn(async (ms: number) => {
    events.push(`sleep ${ms}`);
  });
  const sender = createFileSender({ transport, senderId: 'alice', sleep, now: () => 1234 });
  return {
    sender,
    transport,
    sleep,
    events,
    messages,
    files,
    errors,
    maxInFlight: () => maxInFlight,
  };
}

describe('file sender → receiver', () => {
  it('paced: a 10 MB file arrives intact, in 3000-character chunks with an 8 ms pause between', async () => {
    const h = harness('paced');
    const bytes = randomBytes(FILE_SIZE_LIMIT_BYTES);
    const progress: number[] = [];
    const result = await h.sender.send(
      { name: 'mrt.dcm', type: 'application/dicom', bytes },
      (sent, total) => {
        expect(total).toBe(FILE_SIZE_LIMIT_BYTES);
        progress.push(sent);
      },
    );

    const totalChunks = Math.ceil(FILE_SIZE_LIMIT_BYTES / PACED_CHUNK_BYTES);
    expect(h.errors).toEqual([]);
    expect(h.files).toHaveLength(1);
    const [file] = h.files;
    expect(file!.sha256).toBe(await sha256Hex(bytes));
    expect(file!.sha256).toBe(result.sha256);
    expect(file).toMatchObject({ fileId: result.fileId, name: 'mrt.dcm', senderId: 'alice' });
    expect(file!.bytes.length).toBe(FILE_SIZE_LIMIT_BYTES);

    const [meta, ...rest] = h.messages;
    expect(meta).toMatchObject({ kind: 'meta', size: FILE_SIZE_LIMIT_BYTES, totalChunks });
    expect(rest.at(-1)).toEqual({ v: 1, kind: 'end', fileId: result.fileId });
    const chunks = rest.slice(0, -1);
    expect(chunks).toHaveLength(totalChunks);
    chunks.forEach((chunk, index) => {
      expect(chunk).toMatchObject({ kind: 'chunk', index });
      if (chunk.kind === 'chunk' && index < totalChunks - 1) {
        expect(chunk.payload.length).toBe(PACED_CHUNK_CHARS);
      }
    });

    // A pause between chunks, not before the first nor after the last.
    expect(h.sleep).toHaveBeenCalledTimes(totalChunks - 1);
    expect(h.sleep.mock.calls.every(([ms]) => ms === PACED_CHUNK_PAUSE_MS)).toBe(true);
    expect(h.events.slice(0, 5)).toEqual(['meta', 'chunk', 'sleep 8', 'chunk', 'sleep 8']);
    expect(h.events.slice(-3)).toEqual(['sleep 8', 'chunk', 'end']);

    expect(progress).toHaveLength(totalChunks);
    expect(progress[0]).toBe(PACED_CHUNK_BYTES);
    expect(progress.at(-1)).toBe(FILE_SIZE_LIMIT_BYTES);
  });

  it('binary: a 10 MB file arrives intact, one frame in flight at a time', async () => {
    const h = harness('binary', { lateBinary: true });
    const bytes = randomBytes(FILE_SIZE_LIMIT_BYTES);
    const result = await h.sender.send({ name: 'scan.pdf', type: 'application/pdf', bytes });

    const totalChunks = FILE_SIZE_LIMIT_BYTES / DATA_CHANNEL_CHUNK_BYTES;
    expect(h.errors).toEqual([]);
    expect(h.files.map((f) => f.sha256)).toEqual([await sha256Hex(bytes)]);
    // Compared by hand: a deep equality over ten million elements takes a minute.
    expect(sameBytes(h.files[0]!.bytes, bytes)).toBe(true);
    expect(result.sha256).toBe(h.files[0]!.sha256);
    expect(h.transport.sendBinary).toHaveBeenCalledTimes(totalChunks);
    expect(h.maxInFlight()).toBe(1);
    expect(h.sleep).not.toHaveBeenCalled();
    expect(h.messages.map((m) => m.kind)).toEqual(['meta', 'end']);
    expect(h.messages[0]).toMatchObject({ totalChunks });
  });

  it('queues a second file behind the first, so pacing and back-pressure hold across files', async () => {
    const h = harness('binary', { lateBinary: true });
    const a = randomBytes(3 * DATA_CHANNEL_CHUNK_BYTES + 1);
    const b = randomBytes(DATA_CHANNEL_CHUNK_BYTES);
    await Promise.all([
      h.sender.send({ name: 'a.bin', type: '', bytes: a }),
      h.sender.send({ name: 'b.bin', type: '', bytes: b }),
    ]);
    expect(h.maxInFlight()).toBe(1);
    expect(h.events).toEqual([
      'meta',
      'frame',
      'frame',
      'frame',
      'frame',
      'end',
      'meta',
      'frame',
      'end',
    ]);
    expect(h.files.map((f) => f.name)).toEqual(['a.bin', 'b.bin']);
  });

  it('refuses 10485761 bytes before sending anything', async () => {
    for (const mode of ['paced', 'binary'] as const) {
      const h = harness(mode);
      const error = await h.sender
        .send({ name: 'big.bin', type: '', bytes: new Uint8Array(FILE_SIZE_LIMIT_BYTES + 1) })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileSendError);
      expect(error).toMatchObject({ code: 'tooLarge' });
      expect(h.transport.sendMessage).not.toHaveBeenCalled();
      expect(h.transport.sendBinary ?? vi.fn()).not.toHaveBeenCalled();
    }
  });

  it('sends an empty file as meta and end', async () => {
    const h = harness('paced');
    await h.sender.send({ name: 'empty.txt', type: 'text/plain', bytes: new Uint8Array(0) });
    expect(h.messages.map((m) => m.kind)).toEqual(['meta', 'end']);
    expect(h.files).toMatchObject([{ name: 'empty.txt', size: 0 }]);
  });

  it('announces a sanitised name, so a peer never refuses a local file', async () => {
    const h = harness('paced');
    const sent = await h.sender.send({
      name: 'C:\\Users\\me\\bericht\u202e.pdf',
      type: 'text/\nhtml',
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(sent).toMatchObject({ name: 'C:_Users_me_bericht.pdf', type: '', senderId: 'alice' });
    expect(h.files).toMatchObject([{ name: 'C:_Users_me_bericht.pdf', type: '' }]);
  });

  it('rejects when the transport fails, and sends the next file afterwards', async () => {
    let fail = true;
    const sent: string[] = [];
    const transport: FileTransport = {
      mode: 'paced',
      sendMessage: (text) => {
        if (fail && text.includes('"chunk"')) throw new Error('channel closed');
        sent.push(text);
      },
    };
    const sender = createFileSender({ transport, senderId: 'a', sleep: async () => {} });
    await expect(sender.send({ name: 'x', type: '', bytes: new Uint8Array(10) })).rejects.toThrow(
      'channel closed',
    );
    fail = false;
    await sender.send({ name: 'y', type: '', bytes: new Uint8Array(10) });
    expect(sent.map((text) => decoded(text).kind)).toEqual(['meta', 'meta', 'chunk', 'end']);
  });

  it('refuses a binary transport without sendBinary', async () => {
    const sender = createFileSender({
      transport: { mode: 'binary', sendMessage: () => {} },
      senderId: 'a',
    });
    await expect(
      sender.send({ name: 'x', type: '', bytes: new Uint8Array(1) }),
    ).rejects.toMatchObject({
      code: 'transport',
    });
  });
});
