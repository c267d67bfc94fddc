// Sizes and delays of the in-call file transfer (spec §3 "File-transfer messages inside a call",
// §5 "File share", §9 "File share"). Everything that bounds memory or a message is named here.

/** Bumped when a change would be misread by a reader of the previous version. */
export const FILE_TRANSFER_PROTOCOL_VERSION = 1;

/** Spec §5 and §9: "size at most 10 MB", "limit 10485760 bytes". */
export const FILE_SIZE_LIMIT_BYTES = 10_485_760;

/** Spec §9: "chunk size 3000 characters of base64" — keeps a chunk message under Daily's 4 KB. */
export const PACED_CHUNK_CHARS = 3000;
/** Bytes behind one full paced chunk: 3000 base64 characters carry 2250 bytes, without padding. */
export const PACED_CHUNK_BYTES = (PACED_CHUNK_CHARS / 4) * 3;
/** Spec §9: "8 ms pause between chunks" — Daily drops app messages sent in a burst. */
export const PACED_CHUNK_PAUSE_MS = 8;

/**
 * Payload of one binary frame on the WebRTC data channel. With the header (at most 72 bytes) a
 * frame stays far below the SCTP message size browsers negotiate (256 KiB in Chrome and Firefox).
 */
export const DATA_CHANNEL_CHUNK_BYTES = 64 * 1024;

/** Spec §9: "file list requested from others at 1, 3 and 5 seconds after joining". */
export const LIST_REQUEST_DELAYS_MS = [1000, 3000, 5000] as const;
/** Spec §9: "a new participant receives the file list after 1 second". */
export const NEWCOMER_LIST_DELAY_MS = 1000;

/** A transfer with no chunk for this long is dropped with an error (its sender left or failed). */
export const INCOMPLETE_TRANSFER_TIMEOUT_MS = 60_000;

/**
 * The most chunks a legal file can need: the whole limit in full paced chunks, plus one for
 * slack. Bounds `totalChunks` and `index` before any meta is known.
 */
export const MAX_TOTAL_CHUNKS = Math.ceil(FILE_SIZE_LIMIT_BYTES / PACED_CHUNK_BYTES) + 1;

/** A JSON chunk may carry twice the paced size, so a peer on another transport still fits. */
export const MAX_CHUNK_PAYLOAD_CHARS = PACED_CHUNK_CHARS * 2;

/** A protocol message longer than this is refused before `JSON.parse` spends time on it. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/** Identifier limits: a fileId is one of our random ids (UUIDs); 64 leaves room, not abuse. */
export const FILE_ID_MAX = 64;
/** Common file-system limit for one file name (ext4, NTFS, APFS all stop at 255). */
export const FILE_NAME_MAX = 255;
/** RFC 6838 allows 127 characters each for type and subtype; we keep the whole field to 127. */
export const FILE_TYPE_MAX = 127;
/** A participant id (Daily session id or our peer id) — UUID-sized, with room to spare. */
export const PARTICIPANT_ID_MAX = 128;

/** Incoming transfers held at once: a two-person call never needs more; a hostile peer can't. */
export const RECEIVER_MAX_CONCURRENT_TRANSFERS = 8;
/** Announced bytes of all incoming transfers held at once (two files at the limit). */
export const RECEIVER_MAX_PENDING_BYTES = 2 * FILE_SIZE_LIMIT_BYTES;

/** Files in the call's list: a hostile peer can't grow it (and every answer to a request) without end. */
export const FILE_LIST_MAX_ENTRIES = 500;
/** A list request from the same peer sooner than this is not answered again (the spec's are 2 s apart). */
export const LIST_REQUEST_MIN_INTERVAL_MS = 1000;
