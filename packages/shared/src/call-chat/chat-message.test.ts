import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_TEXT_MAX,
  chatText,
  decodeChat,
  encodeChat,
} from './chat-message.ts';

const good = {
  id: 'm-1',
  text: 'Guten Tag, Frau Doktor.\nIch höre Sie gut.',
  sentAt: 1795423500000,
};
const json = (value: unknown) => JSON.stringify(value);
const base = { v: 1, kind: 'chat', ...good };

describe('the chat codec', () => {
  it('decodes what it encodes, into a fresh object with exactly the known fields', () => {
    const decoded = decodeChat(encodeChat(good));
    expect(decoded).toEqual({ ok: true, message: { v: 1, kind: 'chat', ...good } });
    const withExtra = decodeChat(json({ ...base, extra: 'x', __proto__: { polluted: true } }));
    expect(withExtra.ok && Object.keys(withExtra.message)).toEqual([
      'v',
      'kind',
      'id',
      'text',
      'sentAt',
    ]);
  });

  it('leaves the file transfer’s messages and anything not JSON to others', () => {
    for (const raw of [
      json({ v: 1, kind: 'meta', fileId: 'f1' }),
      json({ v: 1, kind: 'sync', files: [] }),
      'not json',
      '[]',
      'null',
      '42',
      new Uint8Array([1, 2, 3]),
      undefined,
    ])
      expect(decodeChat(raw)).toEqual({ ok: false, code: 'other' });
  });

  it.each([
    ['another version', { ...base, v: 2 }, 'unsupportedVersion'],
    ['no version', { ...base, v: undefined }, 'malformed'],
    ['a version as text', { ...base, v: '1' }, 'malformed'],
    ['no id', { ...base, id: undefined }, 'malformed'],
    ['an id with a slash', { ...base, id: '../etc' }, 'malformed'],
    ['an id too long', { ...base, id: 'a'.repeat(65) }, 'malformed'],
    ['text as a number', { ...base, text: 5 }, 'malformed'],
    ['empty text', { ...base, text: '' }, 'malformed'],
    ['only spaces', { ...base, text: '   ' }, 'malformed'],
    ['untrimmed text', { ...base, text: ' hi ' }, 'malformed'],
    ['text over the limit', { ...base, text: 'a'.repeat(CHAT_TEXT_MAX + 1) }, 'malformed'],
    ['a control character', { ...base, text: 'a\u0007b' }, 'malformed'],
    ['an escape sequence', { ...base, text: '\u001b[2Jcleared' }, 'malformed'],
    ['a bidi override', { ...base, text: 'fdp.\u202eexe' }, 'malformed'],
    ['sentAt as text', { ...base, sentAt: '2026' }, 'malformed'],
    ['sentAt negative', { ...base, sentAt: -1 }, 'malformed'],
    ['sentAt fractional', { ...base, sentAt: 1.5 }, 'malformed'],
    ['sentAt unsafe', { ...base, sentAt: 2 ** 60 }, 'malformed'],
  ])('refuses %s', (_name, record, code) => {
    expect(decodeChat(json(record))).toEqual({ ok: false, code });
  });

  it('refuses a text as a getter or inherited, and a message too long to parse', () => {
    const inherited = Object.create({ text: 'from the prototype' }) as Record<string, unknown>;
    Object.assign(inherited, { v: 1, kind: 'chat', id: 'm1', sentAt: 1 });
    expect(decodeChat(json(inherited))).toEqual({ ok: false, code: 'malformed' });
    const long = json({ ...base, text: 'a'.repeat(CHAT_MESSAGE_MAX_CHARS) });
    expect(decodeChat(long)).toEqual({ ok: false, code: 'tooLarge' });
  });

  it('never throws on fuzzed input', () => {
    const pieces = [
      '{',
      '}',
      '"kind":"chat"',
      '"v":1',
      ',',
      '"text":',
      '"id":"x"',
      '[',
      'null',
      '\\u0000',
      '"',
    ];
    for (let i = 0; i < 3000; i += 1) {
      let raw = '';
      for (let j = 0; j < 1 + (i % 12); j += 1) raw += pieces[(i * 7 + j * 13) % pieces.length];
      expect(() => decodeChat(raw)).not.toThrow();
    }
  });

  it('trims what is typed and refuses what cannot be sent', () => {
    expect(chatText('  Hello  ')).toBe('Hello');
    expect(chatText('   ')).toBeNull();
    expect(chatText('a'.repeat(CHAT_TEXT_MAX))).toHaveLength(CHAT_TEXT_MAX);
    expect(chatText('a'.repeat(CHAT_TEXT_MAX + 1))).toBeNull();
    expect(chatText('line one\nline two')).toBe('line one\nline two');
  });
});
