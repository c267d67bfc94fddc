// Sends one file to everyone in the call (spec §5 "File share"): meta, the chunks in order, end.
// Nothing leaves before the size check passes, and sends are queued so that pacing (Daily) and
// back-pressure (data channel) hold across files, not just within one.

import {
  DATA_CHANNEL_CHUNK_BYTES,
  FILE_SIZE_LIMIT_BYTES,
  FILE_TRANSFER_PROTOCOL_VERSION,
  PACED_CHUNK_BYTES,
} from './constants.ts';
import { encodeBase64 } from './base64.ts';
import {
  encodeChunkFrame,
  encodeMessage,
  isValidFileId,
  sanitizeFileName,
  sanitizeFileType,
} from './messages.ts';
import { sha256Hex } from './sha256.ts';
import { createPacedPause, type FileTransport, type Sleep } from './transports.ts';

/**
 * `tooLarge`: above FILE_SIZE_LIMIT_BYTES (spec §8: "File is too large (limit: 10MB).").
 * `transport`: a binary transport without `sendBinary` (a wiring mistake, not a user error).
 */
export type FileSendErrorCode = 'tooLarge' | 'transport';

/** The error `send` rejects with before anything is sent; other rejections come from the transport. */
export class FileSendError extends Error {
  constructor(
    readonly code: FileSendErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FileSendError';
  }
}

export type OutgoingFile = { name: string; type: string; bytes: Uint8Array };

/** What was announced: also the entry to record in the call's file list (`recordSent`). */
export type SentFile = {
  fileId: string;
  sha256: string;
  name: string;
  type: string;
  size: number;
  timestamp: number;
  senderId: string;
};

export type FileSender = {
  send(
    file: OutgoingFile,
    onProgress?: (sentBytes: number, totalBytes: number) => void,
  ): Promise<SentFile>;
};

/** Bytes per chunk for a transport mode: 3000 base64 characters, or one data-channel frame. */
export function chunkBytesFor(mode: FileTransport['mode']): number {
  return mode === 'paced' ? PACED_CHUNK_BYTES : DATA_CHANNEL_CHUNK_BYTES;
}

/** Creates the sender; `sleep` and `randomId` are injectable for tests. */
export function createFileSender({
  transport,
  senderId,
  now = () => Date.now(),
  sleep,
  randomId = () => globalThis.crypto.randomUUID(),
}: {
  transport: FileTransport;
  senderId: string;
  now?: () => number;
  sleep?: Sleep;
  randomId?: () => string;
}): FileSender {
  const pause = createPacedPause(sleep);
  // One file at a time: a second send waits for the first to finish (or fail).
  let queue: Promise<unknown> = Promise.resolve();

  async function transfer(
    file: OutgoingFile,
    onProgress?: (sentBytes: number, totalBytes: number) => void,
  ): Promise<SentFile> {
    const { bytes } = file;
    const size = bytes.length;
    const sendBinary =
      transport.mode === 'binary' ? transport.sendBinary?.bind(transport) : undefined;
    if (transport.mode === 'binary' && !sendBinary) {
      throw new FileSendError('transport', 'binary transport without sendBinary');
    }
    const chunkBytes = chunkBytesFor(transport.mode);
    const totalChunks = Math.ceil(size / chunkBytes);
    const fileId = randomId();
    if (!isValidFileId(fileId)) throw new RangeError('randomId: 1–64 of [A-Za-z0-9_-]');
    const sha256 = await sha256Hex(bytes);
    const sent: SentFile = {
      fileId,
      sha256,
      name: sanitizeFileName(file.name),
      type: sanitizeFileType(file.type),
      size,
      timestamp: now(),
      senderId,
    };
    const v = FILE_TRANSFER_PROTOCOL_VERSION;
    await transport.sendMessage(
      encodeMessage({
        v,
        kind: 'meta',
        fileId,
        name: sent.name,
        type: sent.type,
        size,
        totalChunks,
        sha256,
        timestamp: sent.timestamp,
      }),
    );
    for (let index = 0; index < totalChunks; index++) {
      const start = index * chunkBytes;
      const end = Math.min(start + chunkBytes, size);
      const slice = bytes.subarray(start, end);
      if (sendBinary) {
        // Resolves when the channel's buffer has drained below its low threshold.
        await sendBinary(encodeChunkFrame(fileId, index, slice));
      } else {
        await transport.sendMessage(
          encodeMessage({ v, kind: 'chunk', fileId, index, payload: encodeBase64(slice) }),
        );
      }
      onProgress?.(end, size);
      if (!sendBinary && index < totalChunks - 1) await pause();
    }
    await transport.sendMessage(encodeMessage({ v, kind: 'end', fileId }));
    return sent;
  }

  return {
    send(file, onProgress) {
      // Checked here, synchronously, so a refused file never waits behind another.
      if (file.bytes.length > FILE_SIZE_LIMIT_BYTES) {
        return Promise.reject(
          new FileSendError('tooLarge', `File is larger than ${FILE_SIZE_LIMIT_BYTES} bytes`),
        );
      }
      const result = queue.then(() => transfer(file, onProgress));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
