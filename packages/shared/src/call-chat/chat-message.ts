// Text chat between the two participants of a call (issue #12): peer to peer over the call's data
// path (the built-in data channel, or Daily's app messages), never through or stored on our
// server. A versioned codec like the file transfer's: hostile input never throws, only own data
// properties are read, and a decoded message is a fresh object with exactly the known fields.

import { isSafeFreeText } from '../domain/safe-text.ts';

/** Bumped when a change would be misread by a reader of the previous version. */
export const CHAT_PROTOCOL_VERSION = 1;
/** One message's text, after trimming: a paragraph, not a document (files are for those). */
export const CHAT_TEXT_MAX = 2000;
/** A message longer than this as JSON is refused before `JSON.parse` spends time on it. */
export const CHAT_MESSAGE_MAX_CHARS = 3 * CHAT_TEXT_MAX + 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type ChatMessage = { v: 1; kind: 'chat'; id: string; text: string; sentAt: number };

export type ChatDecodeResult =
  | { ok: true; message: ChatMessage }
  /** `other`: a message of another protocol on the same path (the file transfer's): not ours. */
  | { ok: false; code: 'other' | 'malformed' | 'tooLarge' | 'unsupportedVersion' };

/** The text as it is sent and shown: trimmed, or null when empty, too long or with controls. */
export function chatText(input: string): string | null {
  const text = input.trim();
  // Control characters other than tab and newline would let a peer garble the other's screen.
  return text.length > 0 && text.length <= CHAT_TEXT_MAX && isSafeFreeText(text) ? text : null;
}

export function encodeChat(message: Omit<ChatMessage, 'v' | 'kind'>): string {
  return JSON.stringify({
    v: CHAT_PROTOCOL_VERSION,
    kind: 'chat',
    id: message.id,
    text: message.text,
    sentAt: message.sentAt,
  });
}

const own = (record: object, key: string): unknown => {
  const descriptor = Object.getOwnPropertyDescriptor(record, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
};

export function decodeChat(raw: unknown): ChatDecodeResult {
  if (typeof raw !== 'string') return { ok: false, code: 'other' };
  if (raw.length > CHAT_MESSAGE_MAX_CHARS) {
    // Only a chat message is refused for its size; a long file-transfer message is not ours.
    return raw.includes('"kind":"chat"')
      ? { ok: false, code: 'tooLarge' }
      : { ok: false, code: 'other' };
  }
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'other' };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return { ok: false, code: 'other' };
  if (own(record, 'kind') !== 'chat') return { ok: false, code: 'other' };
  const v = own(record, 'v');
  if (v !== CHAT_PROTOCOL_VERSION)
    return { ok: false, code: typeof v === 'number' ? 'unsupportedVersion' : 'malformed' };
  const id = own(record, 'id');
  const text = own(record, 'text');
  const sentAt = own(record, 'sentAt');
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return { ok: false, code: 'malformed' };
  if (typeof text !== 'string') return { ok: false, code: 'malformed' };
  const clean = chatText(text);
  if (clean === null || clean !== text) return { ok: false, code: 'malformed' };
  if (typeof sentAt !== 'number' || !Number.isSafeInteger(sentAt) || sentAt < 0)
    return { ok: false, code: 'malformed' };
  return { ok: true, message: { v: CHAT_PROTOCOL_VERSION, kind: 'chat', id, text, sentAt } };
}
