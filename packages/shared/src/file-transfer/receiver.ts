// Reassembles files from peers (spec §5 "File share": "integrity checked by SHA-256 on receipt,
// and files that fail are dropped"). Peers are untrusted: memory grows only with bytes that
// actually arrive, and is bounded by the caps below whatever a meta announces.

import {
  FILE_SIZE_LIMIT_BYTES,
  INCOMPLETE_TRANSFER_TIMEOUT_MS,
  RECEIVER_MAX_CONCURRENT_TRANSFERS,
  RECEIVER_MAX_PENDING_BYTES,
} from './constants.ts';
import { decodeBase64 } from './base64.ts';
import { decodeChunkFrame, decodeMessage, type FileMetaMessage } from './messages.ts';
import { sha256Hex } from './sha256.ts';

/**
 * `tooLarge`: the announced size is over the limit, or the receiver's caps (concurrent transfers,
 * pending bytes) are full. `malformed`: a chunk out of range, more bytes than announced, or a
 * broken message for a live transfer. `incomplete`: `end` came with chunks missing.
 * `hashMismatch`: the bytes are not the announced file. `timeout`: no new chunk for too long.
 */
export type FileReceiveErrorReason =
  'hashMismatch' | 'tooLarge' | 'malformed' | 'incomplete' | 'timeout';

/** The announcement of an incoming file, before its bytes. */
export type IncomingFileInfo = {
  fileId: string;
  name: string;
  type: string;
  size: number;
  timestamp: number;
  senderId: string;
};

/** A file whose every byte arrived and whose SHA-256 matches the announced one. */
export type ReceivedFile = IncomingFileInfo & { bytes: Uint8Array; sha256: string };

export type FileReceiverLimits = {
  /** Largest file accepted; at most FILE_SIZE_LIMIT_BYTES, which the codec enforces anyway. */
  maxFileBytes: number;
  maxConcurrentTransfers: number;
  /** Sum of the announced sizes of the transfers in progress. */
  maxPendingBytes: number;
  /** A transfer with no new chunk for longer than this is dropped by `sweep()`. */
  idleTimeoutMs: number;
};

export type FileReceiver = {
  /** A JSON protocol message (string or parsed) from `senderId`; other kinds are ignored. */
  handleMessage(raw: unknown, senderId: string): Promise<void>;
  /** A binary chunk frame from `senderId` (data channel). */
  handleBinary(frame: ArrayBuffer | Uint8Array, senderId: string): Promise<void>;
  /** Forgets every transfer without callbacks (leaving the call: spec §4). */
  clear(): void;
  /** Transfers in progress. */
  pending(): number;
  /** Drops transfers idle longer than the timeout; call it on an interval. */
  sweep(): void;
};

type Transfer = IncomingFileInfo & {
  totalChunks: number;
  sha256: string;
  // A Map, not an array sized from the meta: nothing is allocated before bytes arrive.
  chunks: Map<number, Uint8Array>;
  receivedBytes: number;
  lastActivity: number;
};

/** Creates a receiver; the callbacks run synchronously, except `onFile` and a hash error after `end`. */
export function createFileReceiver({
  onStart,
  onProgress,
  onFile,
  onError,
  now = () => Date.now(),
  limits,
}: {
  onStart?: (file: IncomingFileInfo) => void;
  onProgress?: (fileId: string, receivedBytes: number, totalBytes: number) => void;
  onFile: (file: ReceivedFile) => void;
  onError: (fileId: string, reason: FileReceiveErrorReason) => void;
  now?: () => number;
  limits?: Partial<FileReceiverLimits>;
}): FileReceiver {
  const caps: FileReceiverLimits = {
    maxFileBytes: Math.min(limits?.maxFileBytes ?? FILE_SIZE_LIMIT_BYTES, FILE_SIZE_LIMIT_BYTES),
    maxConcurrentTransfers: limits?.maxConcurrentTransfers ?? RECEIVER_MAX_CONCURRENT_TRANSFERS,
    maxPendingBytes: limits?.maxPendingBytes ?? RECEIVER_MAX_PENDING_BYTES,
    idleTimeoutMs: limits?.idleTimeoutMs ?? INCOMPLETE_TRANSFER_TIMEOUT_MS,
  };
  const transfers = new Map<string, Transfer>();
  // Bumped by clear(): a hash that finishes after leaving the call must not deliver its file.
  let generation = 0;

  function drop(transfer: Transfer, reason: FileReceiveErrorReason) {
    transfers.delete(transfer.fileId);
    onError(transfer.fileId, reason);
  }

  function start(meta: FileMetaMessage, senderId: string) {
    // A second meta for a live fileId is refused; the first transfer goes on.
    if (transfers.has(meta.fileId)) return;
    let reserved = 0;
    for (const t of transfers.values()) reserved += t.size;
    if (
      meta.size > caps.maxFileBytes ||
      transfers.size >= caps.maxConcurrentTransfers ||
      reserved + meta.size > caps.maxPendingBytes
    ) {
      onError(meta.fileId, 'tooLarge');
      return;
    }
    const info: IncomingFileInfo = {
      fileId: meta.fileId,
      name: meta.name,
      type: meta.type,
      size: meta.size,
      timestamp: meta.timestamp,
      senderId,
    };
    transfers.set(meta.fileId, {
      ...info,
      totalChunks: meta.totalChunks,
      sha256: meta.sha256,
      chunks: new Map(),
      receivedBytes: 0,
      lastActivity: now(),
    });
    onStart?.(info);
  }

  /** The live transfer `fileId` if `senderId` started it: nobody else can feed or end it. */
  function liveFrom(fileId: string, senderId: string): Transfer | undefined {
    const transfer = transfers.get(fileId);
    return transfer?.senderId === senderId ? transfer : undefined;
  }

  function addChunk(transfer: Transfer, index: number, bytes: Uint8Array | null) {
    if (bytes === null || index >= transfer.totalChunks) return drop(transfer, 'malformed');
    // A duplicate neither counts nor keeps the transfer alive.
    if (transfer.chunks.has(index)) return;
    if (transfer.receivedBytes + bytes.length > transfer.size) return drop(transfer, 'malformed');
    transfer.chunks.set(index, bytes);
    transfer.receivedBytes += bytes.length;
    transfer.lastActivity = now();
    onProgress?.(transfer.fileId, transfer.receivedBytes, transfer.size);
  }

  async function finish(transfer: Transfer) {
    transfers.delete(transfer.fileId);
    if (transfer.chunks.size !== transfer.totalChunks || transfer.receivedBytes !== transfer.size) {
      onError(transfer.fileId, 'incomplete');
      return;
    }
    const bytes = new Uint8Array(transfer.size);
    let offset = 0;
    for (let index = 0; index < transfer.totalChunks; index++) {
      const chunk = transfer.chunks.get(index)!;
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    transfer.chunks.clear();
    const started = generation;
    let sha256: string | null;
    try {
      sha256 = await sha256Hex(bytes);
    } catch {
      // Integrity can't be checked (no Web Crypto), so the file is treated as one that failed.
      sha256 = null;
    }
    if (started !== generation) return;
    if (sha256 !== transfer.sha256) {
      onError(transfer.fileId, 'hashMismatch');
      return;
    }
    const { fileId, name, type, size, timestamp, senderId } = transfer;
    onFile({ fileId, name, type, size, timestamp, senderId, sha256, bytes });
  }

  return {
    async handleMessage(raw, senderId) {
      const decoded = decodeMessage(raw);
      if (!decoded.ok) {
        if (decoded.fileId === undefined) return;
        const live = transfers.get(decoded.fileId);
        if (live) {
          // A broken message for a live transfer of the same sender ends it now, not at `end`.
          if (live.senderId === senderId) drop(live, 'malformed');
        } else if (decoded.code === 'tooLarge') {
          onError(decoded.fileId, 'tooLarge');
        }
        return;
      }
      const message = decoded.message;
      switch (message.kind) {
        case 'meta':
          return start(message, senderId);
        case 'chunk': {
          const transfer = liveFrom(message.fileId, senderId);
          if (transfer) addChunk(transfer, message.index, decodeBase64(message.payload));
          return;
        }
        case 'end': {
          const transfer = liveFrom(message.fileId, senderId);
          if (transfer) await finish(transfer);
          return;
        }
        // The file list's messages (file-list.ts).
        case 'sync':
        case 'outgoing-sync':
        case 'list-request':
          return;
      }
    },
    async handleBinary(frame, senderId) {
      const decoded = decodeChunkFrame(frame);
      if (!decoded.ok) return;
      const transfer = liveFrom(decoded.fileId, senderId);
      if (transfer) addChunk(transfer, decoded.index, decoded.bytes);
    },
    clear() {
      transfers.clear();
      generation++;
    },
    pending() {
      return transfers.size;
    },
    sweep() {
      const t = now();
      const idle = [...transfers.values()].filter(
        (transfer) => t - transfer.lastActivity > caps.idleTimeoutMs,
      );
      for (const transfer of idle) {
        if (transfers.get(transfer.fileId) === transfer) drop(transfer, 'timeout');
      }
    },
  };
}
