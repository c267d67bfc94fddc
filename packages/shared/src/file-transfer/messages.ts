// The in-call file-transfer protocol (spec §3 "File-transfer messages inside a call"): one JSON
// message type per `kind`, each stamped with the protocol version, and a binary chunk frame for
// the data channel. Peers are untrusted, so decoding never throws and refuses anything outside
// the rules below; a refused message is ignored by the engines.
//
// Extra fields are ignored, never copied: within a version a sender may add optional fields and
// an older reader stays correct; a change an older reader would misread bumps the version.
// Hand-written checks rather than a zod schema: every chunk of a 10 MB file passes through here
// (about 4,700 per file), only own data properties are read (no getters, nothing inherited from
// a `__proto__` key), and the result is a fresh object holding exactly the known fields.

import { isSafeLine, safeFileName } from '../domain/safe-text.ts';
import {
  DATA_CHANNEL_CHUNK_BYTES,
  FILE_ID_MAX,
  FILE_NAME_MAX,
  FILE_SIZE_LIMIT_BYTES,
  FILE_TRANSFER_PROTOCOL_VERSION,
  FILE_TYPE_MAX,
  MAX_CHUNK_PAYLOAD_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_TOTAL_CHUNKS,
  PARTICIPANT_ID_MAX,
} from './constants.ts';

type V = typeof FILE_TRANSFER_PROTOCOL_VERSION;

/** Announces a file before its chunks; `type` is the file's MIME type (may be empty). */
export type FileMetaMessage = {
  v: V;
  kind: 'meta';
  fileId: string;
  name: string;
  type: string;
  size: number;
  totalChunks: number;
  sha256: string;
  timestamp: number;
};

/** One slice of the file, base64. Binary transports send `encodeChunkFrame` frames instead. */
export type FileChunkMessage = {
  v: V;
  kind: 'chunk';
  fileId: string;
  index: number;
  payload: string;
};

/** All chunks are sent; the receiver checks completeness and the SHA-256. */
export type FileEndMessage = { v: V; kind: 'end'; fileId: string };

/** An entry of the call's file list: `sync` a file I received, `outgoing-sync` one I sent. */
export type FileSyncMessage = {
  v: V;
  kind: 'sync' | 'outgoing-sync';
  fileId: string;
  name: string;
  type: string;
  size: number;
  timestamp: number;
  senderId: string;
};

/** Asks the others for their file lists (a participant who just joined). */
export type FileListRequestMessage = {
  v: V;
  kind: 'list-request';
  requesterId: string;
  timestamp: number;
};

export type FileTransferMessage =
  FileMetaMessage | FileChunkMessage | FileEndMessage | FileSyncMessage | FileListRequestMessage;

export type FileTransferMessageKind = FileTransferMessage['kind'];

/**
 * Why a message was refused. `code` lets a receiver answer precisely: `tooLarge` (the text is
 * over MAX_MESSAGE_CHARS, or a meta announces more than the file size limit),
 * `unsupportedVersion` (a numeric `v` other than ours), `malformed` (anything else).
 * `fileId` is set when the message was of a known kind and carried a valid fileId.
 */
export type DecodeFailure = {
  ok: false;
  reason: string;
  code: 'tooLarge' | 'unsupportedVersion' | 'malformed';
  fileId?: string;
};

export type DecodeResult = { ok: true; message: FileTransferMessage } | DecodeFailure;

/** Serialises a protocol message to JSON (the form both transports carry). */
export function encodeMessage(message: FileTransferMessage): string {
  return JSON.stringify(message);
}

// --- field rules -------------------------------------------------------------------------------

const FILE_ID = /^[A-Za-z0-9_-]+$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// A surrogate half without its partner can't be encoded as UTF-8 (or saved as a file name).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** True for a fileId: 1–64 characters of `[A-Za-z0-9_-]`. */
export function isValidFileId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= FILE_ID_MAX &&
    FILE_ID.test(value)
  );
}

/**
 * True for a file name we will show and offer for download: 1–255 characters, one safe line
 * (domain/safe-text.ts: "invoice\u202Efdp.exe" displays as "invoiceexe.pdf"), no path
 * separators, not only dots ("." and ".." name directories).
 */
export function isValidFileName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= FILE_NAME_MAX &&
    !/[/\\]/.test(value) &&
    isSafeLine(value) &&
    !LONE_SURROGATE.test(value) &&
    !/^\.+$/.test(value)
  );
}

function isValidFileType(value: unknown): value is string {
  return typeof value === 'string' && value.length <= FILE_TYPE_MAX && PRINTABLE_ASCII.test(value);
}

function isValidParticipantId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= PARTICIPANT_ID_MAX &&
    isSafeLine(value) &&
    !LONE_SURROGATE.test(value)
  );
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function isTimestamp(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Replaces what `isValidFileName` refuses, so a local file name always survives the trip. */
export function sanitizeFileName(name: string): string {
  let clean = safeFileName(name.replace(LONE_SURROGATE, '\ufffd').replace(/[/\\]/g, '_'));
  if (clean.length > FILE_NAME_MAX) {
    // Keep the extension: "very-long-report….pdf" still opens with the right program.
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, FILE_NAME_MAX - extension.length) + extension;
    // Cutting may split a surrogate pair.
    clean = clean.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
  }
  return isValidFileName(clean) ? clean : 'file';
}

/** Returns `type` when it is a MIME type we forward, else '' (unknown type). */
export function sanitizeFileType(type: string): string {
  return isValidFileType(type) ? type : '';
}

// --- decoding ----------------------------------------------------------------------------------

const KINDS: ReadonlySet<string> = new Set<FileTransferMessageKind>([
  'meta',
  'chunk',
  'end',
  'sync',
  'outgoing-sync',
  'list-request',
]);

// Thrown inside the decoder only, and always caught by `decodeMessage`.
class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly code: DecodeFailure['code'] = 'malformed',
  ) {
    super(reason);
  }
}

/** Reads an own data property only: no getter runs, nothing comes from the prototype chain. */
function own(record: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, key);
  return descriptor && 'value' in descriptor ? (descriptor.value as unknown) : undefined;
}

function field<T>(
  record: object,
  key: string,
  check: (value: unknown) => value is T,
  rule: string,
): T {
  const value = own(record, key);
  if (!check(value)) throw new Refused(`${key}: ${rule}`);
  return value;
}

const fileIdRule = (r: object) => field(r, 'fileId', isValidFileId, '1–64 of [A-Za-z0-9_-]');
const nameRule = (r: object) => field(r, 'name', isValidFileName, 'not a safe file name');
const typeRule = (r: object) => field(r, 'type', isValidFileType, 'at most 127 printable ASCII');
const timestampRule = (r: object) => field(r, 'timestamp', isTimestamp, 'finite number ≥ 0');
const sizeRule = (r: object) => {
  const size = own(r, 'size');
  if (typeof size === 'number' && Number.isInteger(size) && size > FILE_SIZE_LIMIT_BYTES) {
    throw new Refused('size: above the file size limit', 'tooLarge');
  }
  return field(r, 'size', (v) => isIntegerIn(v, 0, FILE_SIZE_LIMIT_BYTES), 'integer 0..limit');
};
const participantRule = (r: object, key: string) =>
  field(r, key, isValidParticipantId, '1–128 printable characters');

function parseMessage(record: object, kind: FileTransferMessageKind): FileTransferMessage {
  const v = FILE_TRANSFER_PROTOCOL_VERSION;
  switch (kind) {
    case 'meta': {
      const fileId = fileIdRule(record);
      const name = nameRule(record);
      const type = typeRule(record);
      const size = sizeRule(record);
      const totalChunks = field(
        record,
        'totalChunks',
        (x) => isIntegerIn(x, 0, MAX_TOTAL_CHUNKS),
        `integer 0..${MAX_TOTAL_CHUNKS}`,
      );
      // Every chunk carries at least one byte, and only an empty file has none.
      if (totalChunks > size || (size === 0) !== (totalChunks === 0)) {
        throw new Refused('totalChunks: inconsistent with size');
      }
      const sha256 = field(
        record,
        'sha256',
        (x): x is string => typeof x === 'string' && SHA256_HEX.test(x),
        '64 lowercase hex',
      );
      const timestamp = timestampRule(record);
      return { v, kind, fileId, name, type, size, totalChunks, sha256, timestamp };
    }
    case 'chunk': {
      const fileId = fileIdRule(record);
      const index = field(
        record,
        'index',
        (x) => isIntegerIn(x, 0, MAX_TOTAL_CHUNKS - 1),
        `integer 0..${MAX_TOTAL_CHUNKS - 1}`,
      );
      const payload = field(
        record,
        'payload',
        (x): x is string =>
          typeof x === 'string' &&
          x.length >= 4 &&
          x.length <= MAX_CHUNK_PAYLOAD_CHARS &&
          BASE64.test(x),
        `base64, 4..${MAX_CHUNK_PAYLOAD_CHARS} characters`,
      );
      return { v, kind, fileId, index, payload };
    }
    case 'end':
      return { v, kind, fileId: fileIdRule(record) };
    case 'sync':
    case 'outgoing-sync': {
      const fileId = fileIdRule(record);
      const name = nameRule(record);
      const type = typeRule(record);
      const size = sizeRule(record);
      const timestamp = timestampRule(record);
      const senderId = participantRule(record, 'senderId');
      return { v, kind, fileId, name, type, size, timestamp, senderId };
    }
    case 'list-request': {
      const requesterId = participantRule(record, 'requesterId');
      const timestamp = timestampRule(record);
      return { v, kind, requesterId, timestamp };
    }
  }
}

/**
 * Validates a protocol message from a peer: a JSON string or an already-parsed object. Never
 * throws; anything outside the rules above is `{ ok: false }`.
 */
export function decodeMessage(raw: unknown): DecodeResult {
  let fileId: string | undefined;
  try {
    let record: unknown = raw;
    if (typeof raw === 'string') {
      if (raw.length > MAX_MESSAGE_CHARS) {
        return { ok: false, reason: 'message too long', code: 'tooLarge' };
      }
      record = JSON.parse(raw);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      return { ok: false, reason: 'not an object', code: 'malformed' };
    }
    const v = own(record, 'v');
    if (v !== FILE_TRANSFER_PROTOCOL_VERSION) {
      return typeof v === 'number'
        ? { ok: false, reason: `unsupported version ${v}`, code: 'unsupportedVersion' }
        : { ok: false, reason: 'v: missing', code: 'malformed' };
    }
    const kind = own(record, 'kind');
    if (typeof kind !== 'string' || !KINDS.has(kind)) {
      return { ok: false, reason: 'kind: unknown', code: 'malformed' };
    }
    const id = own(record, 'fileId');
    if (isValidFileId(id)) fileId = id;
    return { ok: true, message: parseMessage(record, kind as FileTransferMessageKind) };
  } catch (error) {
    const failure: DecodeFailure =
      error instanceof Refused
        ? { ok: false, reason: error.reason, code: error.code }
        : { ok: false, reason: 'not JSON', code: 'malformed' };
    if (fileId !== undefined) failure.fileId = fileId;
    return failure;
  }
}

// --- binary chunk frames (data channel) --------------------------------------------------------

// 'V', 'Z': a frame that is not ours (or is text) fails at the first two bytes.
const MAGIC_0 = 0x56;
const MAGIC_1 = 0x5a;
/** Bytes before the fileId: magic (2), version (1), fileId length (1). */
const FRAME_PREFIX_BYTES = 4;
/** The index after the fileId: uint32, big-endian. */
const FRAME_INDEX_BYTES = 4;

export type ChunkFrameResult =
  { ok: true; fileId: string; index: number; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * Builds a binary chunk frame: 'V' 'Z', version, fileId length, fileId (ASCII), uint32 BE index,
 * payload. Throws a RangeError on arguments a correct sender never passes.
 */
export function encodeChunkFrame(fileId: string, index: number, bytes: Uint8Array): Uint8Array {
  if (!isValidFileId(fileId)) throw new RangeError('fileId: 1–64 of [A-Za-z0-9_-]');
  if (!isIntegerIn(index, 0, MAX_TOTAL_CHUNKS - 1)) throw new RangeError('index out of range');
  if (bytes.length < 1 || bytes.length > DATA_CHANNEL_CHUNK_BYTES) {
    throw new RangeError(`payload: 1..${DATA_CHANNEL_CHUNK_BYTES} bytes`);
  }
  const headerBytes = FRAME_PREFIX_BYTES + fileId.length + FRAME_INDEX_BYTES;
  const frame = new Uint8Array(headerBytes + bytes.length);
  frame[0] = MAGIC_0;
  frame[1] = MAGIC_1;
  frame[2] = FILE_TRANSFER_PROTOCOL_VERSION;
  frame[3] = fileId.length;
  for (let i = 0; i < fileId.length; i++) frame[FRAME_PREFIX_BYTES + i] = fileId.charCodeAt(i);
  new DataView(frame.buffer).setUint32(FRAME_PREFIX_BYTES + fileId.length, index, false);
  frame.set(bytes, headerBytes);
  return frame;
}

/** Reads a binary chunk frame from a peer. Never throws; the payload is a copy. */
export function decodeChunkFrame(frame: ArrayBuffer | Uint8Array): ChunkFrameResult {
  try {
    let view: Uint8Array;
    if (frame instanceof Uint8Array) view = frame;
    else if (frame instanceof ArrayBuffer) view = new Uint8Array(frame);
    else return { ok: false, reason: 'not binary' };
    if (view.length < FRAME_PREFIX_BYTES) return { ok: false, reason: 'too short' };
    if (view[0] !== MAGIC_0 || view[1] !== MAGIC_1) return { ok: false, reason: 'bad magic' };
    if (view[2] !== FILE_TRANSFER_PROTOCOL_VERSION) {
      return { ok: false, reason: `unsupported version ${view[2]}` };
    }
    const idLength = view[3]!;
    if (idLength < 1 || idLength > FILE_ID_MAX) return { ok: false, reason: 'fileId length' };
    const headerBytes = FRAME_PREFIX_BYTES + idLength + FRAME_INDEX_BYTES;
    if (view.length <= headerBytes) return { ok: false, reason: 'no payload' };
    const payloadBytes = view.length - headerBytes;
    if (payloadBytes > DATA_CHANNEL_CHUNK_BYTES) return { ok: false, reason: 'payload too large' };
    const fileId = String.fromCharCode(
      ...view.subarray(FRAME_PREFIX_BYTES, FRAME_PREFIX_BYTES + idLength),
    );
    if (!isValidFileId(fileId)) return { ok: false, reason: 'fileId: 1–64 of [A-Za-z0-9_-]' };
    const index = new DataView(view.buffer, view.byteOffset, view.byteLength).getUint32(
      FRAME_PREFIX_BYTES + idLength,
      false,
    );
    if (index > MAX_TOTAL_CHUNKS - 1) return { ok: false, reason: 'index out of range' };
    return { ok: true, fileId, index, bytes: view.slice(headerBytes) };
  } catch {
    return { ok: false, reason: 'unreadable frame' };
  }
}
