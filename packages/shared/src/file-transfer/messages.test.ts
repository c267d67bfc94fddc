import { describe, expect, it } from 'vitest';
import {
  DATA_CHANNEL_CHUNK_BYTES,
  FILE_SIZE_LIMIT_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_TOTAL_CHUNKS,
  PACED_CHUNK_CHARS,
} from './constants.ts';
import {
  decodeChunkFrame,
  decodeMessage,
  encodeChunkFrame,
  encodeMessage,
  isValidFileName,
  sanitizeFileName,
  type FileTransferMessage,
} from './messages.ts';

const SHA = 'a'.repeat(64);
const meta = {
  v: 1,
  kind: 'meta',
  fileId: 'f-1_A',
  name: 'Befund Dr. Müller (2).pdf',
  type: 'application/pdf',
  size: 4500,
  totalChunks: 2,
  sha256: SHA,
  timestamp: 1_760_000_000_000,
} as const;
const chunk = { v: 1, kind: 'chunk', fileId: 'f-1_A', index: 1, payload: 'QUJD' } as const;
const end = { v: 1, kind: 'end', fileId: 'f-1_A' } as const;
const sync = {
  v: 1,
  kind: 'sync',
  fileId: 'f-1_A',
  name: 'scan.png',
  type: '',
  size: 0,
  timestamp: 0,
  senderId: 'b1c0e2a4-session',
} as const;
const outgoingSync = { ...sync, kind: 'outgoing-sync' } as const;
const listRequest = { v: 1, kind: 'list-request', requesterId: 'peer 7', timestamp: 12.5 } as const;
const valid: FileTransferMessage[] = [meta, chunk, end, sync, outgoingSync, listRequest];

/** A seeded generator, so a fuzz failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('decodeMessage', () => {
  it.each(valid)('round-trips $kind as JSON and as an object', (message) => {
    expect(decodeMessage(encodeMessage(message))).toEqual({ ok: true, message });
    expect(decodeMessage(structuredClone(message))).toEqual({ ok: true, message });
  });

  it('ignores extra fields and does not copy them', () => {
    const result = decodeMessage({ ...end, extra: 'x', __proto__: { polluted: true } });
    expect(result).toEqual({ ok: true, message: end });
    expect(JSON.parse(encodeMessage({ ...chunk }))).toEqual(chunk);
    const parsed = decodeMessage(JSON.stringify({ ...meta, future: { a: 1 } }));
    expect(parsed.ok && Object.keys(parsed.message)).toEqual(Object.keys(meta));
  });

  it('accepts the edges of every rule', () => {
    const edges: FileTransferMessage[] = [
      { ...meta, size: FILE_SIZE_LIMIT_BYTES, totalChunks: MAX_TOTAL_CHUNKS },
      { ...meta, size: 0, totalChunks: 0, type: 'x'.repeat(127) },
      { ...meta, fileId: 'x'.repeat(64), name: 'n'.repeat(255) },
      { ...meta, name: '.hidden' },
      { ...meta, name: '😀 emoji.txt' },
      { ...chunk, index: MAX_TOTAL_CHUNKS - 1, payload: 'A'.repeat(PACED_CHUNK_CHARS * 2) },
      { ...chunk, index: 0, payload: 'QQ==' },
      { ...sync, senderId: 's'.repeat(128) },
    ];
    for (const message of edges) expect(decodeMessage(encodeMessage(message)).ok).toBe(true);
  });

  const hostile: [string, unknown][] = [
    ['not JSON', 'not json'],
    ['empty string', ''],
    ['truncated JSON', '{"v":1,"kind":"end"'],
    ['JSON null', 'null'],
    ['JSON array', '[1,2]'],
    ['JSON number', '42'],
    ['JSON string', '"end"'],
    ['undefined', undefined],
    ['null', null],
    ['number', 42],
    ['array', [end]],
    ['function', () => end],
    ['string over 64 KiB', ' '.repeat(MAX_MESSAGE_CHARS + 1)],
    ['__proto__ in JSON', '{"__proto__":{"v":1,"kind":"end","fileId":"a"}}'],
    ['inherited fields', Object.create(end) as unknown],
    ['v missing', { ...end, v: undefined }],
    ['v as string', { ...end, v: '1' }],
    ['v 2', { ...end, v: 2 }],
    ['v NaN', { ...end, v: NaN }],
    ['kind unknown', { ...end, kind: 'delete' }],
    ['kind __proto__', { ...end, kind: '__proto__' }],
    ['kind constructor', { ...end, kind: 'constructor' }],
    ['kind missing', { v: 1, fileId: 'a' }],
    ['fileId empty', { ...end, fileId: '' }],
    ['fileId 65 chars', { ...end, fileId: 'a'.repeat(65) }],
    ['fileId with a dot', { ...end, fileId: 'a.b' }],
    ['fileId path', { ...end, fileId: '../x' }],
    ['fileId non-ASCII', { ...end, fileId: 'ä' }],
    ['fileId number', { ...end, fileId: 7 }],
    ['name traversal', { ...meta, name: '../../etc/passwd' }],
    ['name backslash', { ...meta, name: '..\\..\\boot.ini' }],
    ['name NUL', { ...meta, name: 'a\u0000b' }],
    ['name newline', { ...meta, name: 'a\nb.txt' }],
    ['name C1 control', { ...meta, name: 'a\u0085b' }],
    ['name bidi override', { ...meta, name: 'invoice\u202efdp.exe' }],
    ['name lone surrogate', { ...meta, name: 'a\ud800b' }],
    ['name empty', { ...meta, name: '' }],
    ['name 256 chars', { ...meta, name: 'n'.repeat(256) }],
    ['name ..', { ...meta, name: '..' }],
    ['name .', { ...meta, name: '.' }],
    ['name number', { ...meta, name: 1 }],
    ['type 128 chars', { ...meta, type: 't'.repeat(128) }],
    ['type newline', { ...meta, type: 'text/html\r\nX: y' }],
    ['type non-ASCII', { ...meta, type: 'tëxt/plain' }],
    ['type missing', { ...meta, type: undefined }],
    ['size negative', { ...meta, size: -1 }],
    ['size fractional', { ...meta, size: 4500.5 }],
    ['size NaN', { ...meta, size: NaN }],
    ['size Infinity', { ...meta, size: Infinity }],
    ['size string', { ...meta, size: '4500' }],
    ['size above limit', { ...meta, size: FILE_SIZE_LIMIT_BYTES + 1 }],
    ['size 1e300', { ...meta, size: 1e300 }],
    ['totalChunks negative', { ...meta, totalChunks: -1 }],
    ['totalChunks fractional', { ...meta, totalChunks: 1.5 }],
    [
      'totalChunks over max',
      { ...meta, size: FILE_SIZE_LIMIT_BYTES, totalChunks: MAX_TOTAL_CHUNKS + 1 },
    ],
    ['totalChunks over size', { ...meta, size: 1, totalChunks: 2 }],
    ['totalChunks 0 for bytes', { ...meta, totalChunks: 0 }],
    ['sha256 uppercase', { ...meta, sha256: 'A'.repeat(64) }],
    ['sha256 63 chars', { ...meta, sha256: 'a'.repeat(63) }],
    ['sha256 non-hex', { ...meta, sha256: 'g'.repeat(64) }],
    ['timestamp negative', { ...meta, timestamp: -1 }],
    ['timestamp NaN', { ...meta, timestamp: NaN }],
    ['timestamp Infinity', { ...meta, timestamp: Infinity }],
    ['timestamp string', { ...meta, timestamp: '1' }],
    ['index negative', { ...chunk, index: -1 }],
    ['index fractional', { ...chunk, index: 0.5 }],
    ['index at max', { ...chunk, index: MAX_TOTAL_CHUNKS }],
    ['index NaN', { ...chunk, index: NaN }],
    ['payload empty', { ...chunk, payload: '' }],
    ['payload bad length', { ...chunk, payload: 'QUJ' }],
    ['payload bad alphabet', { ...chunk, payload: 'QU!D' }],
    ['payload url-safe alphabet', { ...chunk, payload: 'QU-_' }],
    ['payload inner padding', { ...chunk, payload: 'Q=JD' }],
    ['payload whitespace', { ...chunk, payload: 'QUJD\n' }],
    ['payload too long', { ...chunk, payload: 'A'.repeat(PACED_CHUNK_CHARS * 2 + 4) }],
    ['payload number', { ...chunk, payload: 1234 }],
    ['senderId empty', { ...sync, senderId: '' }],
    ['senderId 129 chars', { ...sync, senderId: 's'.repeat(129) }],
    ['senderId control', { ...sync, senderId: 'a\u0007' }],
    ['requesterId missing', { ...listRequest, requesterId: undefined }],
    ['requesterId object', { ...listRequest, requesterId: {} }],
  ];

  it.each(hostile)('refuses %s without throwing', (_label, raw) => {
    const result = decodeMessage(raw);
    expect(result.ok).toBe(false);
  });

  it('classifies refusals', () => {
    expect(decodeMessage(' '.repeat(MAX_MESSAGE_CHARS + 1))).toMatchObject({ code: 'tooLarge' });
    expect(decodeMessage({ ...meta, size: FILE_SIZE_LIMIT_BYTES + 1 })).toMatchObject({
      code: 'tooLarge',
      fileId: meta.fileId,
    });
    expect(decodeMessage({ ...end, v: 2 })).toMatchObject({ code: 'unsupportedVersion' });
    expect(decodeMessage({ ...chunk, payload: '!' })).toMatchObject({
      code: 'malformed',
      fileId: chunk.fileId,
    });
    // No fileId from a message of an unknown kind: it may not mean a file at all.
    expect(decodeMessage({ ...end, kind: 'abort' })).not.toHaveProperty('fileId');
  });

  it('reads no getter and survives a hostile proxy', () => {
    let touched = false;
    const withGetter = {
      v: 1,
      kind: 'end',
      get fileId() {
        touched = true;
        return 'a';
      },
    };
    expect(decodeMessage(withGetter).ok).toBe(false);
    expect(touched).toBe(false);
    const trap = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
      },
    );
    expect(decodeMessage(trap).ok).toBe(false);
  });

  it('never throws on 2000 random and mutated inputs', () => {
    const random = prng(20260101);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const junk = [NaN, -1, 1e308, Infinity, '', '💥', null, [], {}, 'a'.repeat(300), 2 ** 53, true];
    for (let i = 0; i < 2000; i++) {
      let input: unknown;
      if (i % 2 === 0) {
        // Random characters, including unpaired surrogates and JSON punctuation.
        const length = Math.floor(random() * 200);
        input = String.fromCharCode(
          ...Array.from({ length }, () =>
            random() < 0.5
              ? pick([...'{}[]":,\\0123456789-.eEtrufalsn ']).charCodeAt(0)
              : random() * 0xffff,
          ),
        );
      } else if (i % 4 === 1) {
        // A valid message's JSON with one character replaced.
        const text = encodeMessage(pick(valid));
        const at = Math.floor(random() * text.length);
        input = text.slice(0, at) + String.fromCharCode(random() * 0x7f) + text.slice(at + 1);
      } else {
        // A valid message with one field replaced by junk, as an object or as JSON.
        const base: Record<string, unknown> = { ...pick(valid) };
        base[pick([...Object.keys(base), 'extra'])] = pick(junk);
        input = random() < 0.5 ? base : JSON.stringify(base);
      }
      const result = decodeMessage(input);
      if (result.ok) expect(decodeMessage(encodeMessage(result.message))).toEqual(result);
    }
  });
});

describe('chunk frames', () => {
  it('round-trips, also from an ArrayBuffer and from a view inside a larger buffer', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(DATA_CHANNEL_CHUNK_BYTES));
    const frame = encodeChunkFrame('file_1', 4660, bytes);
    expect(Array.from(frame.subarray(0, 4))).toEqual([0x56, 0x5a, 1, 6]);
    const expected = { ok: true, fileId: 'file_1', index: 4660, bytes };
    expect(decodeChunkFrame(frame)).toEqual(expected);
    expect(decodeChunkFrame(frame.slice().buffer)).toEqual(expected);
    const padded = new Uint8Array(frame.length + 10);
    padded.set(frame, 5);
    expect(decodeChunkFrame(padded.subarray(5, 5 + frame.length))).toEqual(expected);
    const one = encodeChunkFrame('x', 0, new Uint8Array([7]));
    expect(decodeChunkFrame(one)).toEqual({
      ok: true,
      fileId: 'x',
      index: 0,
      bytes: new Uint8Array([7]),
    });
  });

  it('returns a copy of the payload', () => {
    const frame = encodeChunkFrame('a', 0, new Uint8Array([1, 2, 3]));
    const result = decodeChunkFrame(frame);
    frame.fill(0);
    expect(result.ok && Array.from(result.bytes)).toEqual([1, 2, 3]);
  });

  const good = encodeChunkFrame('abc', 3, new Uint8Array([9, 9]));
  const withByte = (at: number, value: number) => {
    const copy = good.slice();
    copy[at] = value;
    return copy;
  };
  const header = (idLength: number, id: string) =>
    Uint8Array.from([0x56, 0x5a, 1, idLength, ...[...id].map((c) => c.charCodeAt(0))]);
  const malformed: [string, unknown][] = [
    ['empty', new Uint8Array(0)],
    ['three bytes', new Uint8Array([0x56, 0x5a, 1])],
    ['bad magic', withByte(0, 0x57)],
    ['version 2', withByte(2, 2)],
    ['version 0', withByte(2, 0)],
    ['fileId length 0', withByte(3, 0)],
    ['fileId length 65', withByte(3, 65)],
    ['fileId length past the end', withByte(3, 200)],
    ['fileId with a slash', withByte(5, 0x2f)],
    ['fileId with a high byte', withByte(4, 0xe4)],
    ['no index', header(3, 'abc')],
    ['no payload', good.subarray(0, good.length - 2)],
    ['index over max', Uint8Array.from([...header(1, 'a'), 0xff, 0xff, 0xff, 0xff, 1])],
    [
      'payload over 64 KiB',
      Uint8Array.from([
        ...header(1, 'a'),
        0,
        0,
        0,
        0,
        ...new Uint8Array(DATA_CHANNEL_CHUNK_BYTES + 1),
      ]),
    ],
    ['a string', 'VZ\u0001\u0001a\u0000\u0000\u0000\u0000x'],
    ['null', null],
    ['a plain array', [0x56, 0x5a, 1, 1, 97, 0, 0, 0, 0, 1]],
  ];

  it.each(malformed)('refuses %s without throwing', (_label, frame) => {
    expect(decodeChunkFrame(frame as Uint8Array).ok).toBe(false);
  });

  it('never throws on 2000 random buffers, half of them with our header', () => {
    const random = prng(7);
    for (let i = 0; i < 2000; i++) {
      const bytes = new Uint8Array(Math.floor(random() * 300));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random() * 256);
      if (i % 2 === 0 && bytes.length >= 3) bytes.set([0x56, 0x5a, 1]);
      const result = decodeChunkFrame(i % 3 === 0 ? bytes.buffer : bytes);
      if (result.ok) expect(result.bytes.length).toBeGreaterThan(0);
    }
  });

  it('refuses to build a frame a peer would refuse', () => {
    expect(() => encodeChunkFrame('a/b', 0, new Uint8Array(1))).toThrow(RangeError);
    expect(() => encodeChunkFrame('a', -1, new Uint8Array(1))).toThrow(RangeError);
    expect(() => encodeChunkFrame('a', 0, new Uint8Array(0))).toThrow(RangeError);
    expect(() => encodeChunkFrame('a', 0, new Uint8Array(DATA_CHANNEL_CHUNK_BYTES + 1))).toThrow(
      RangeError,
    );
  });
});

describe('sanitizeFileName', () => {
  it('turns any local name into one the codec accepts', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(sanitizeFileName('a\\b\u0000c\u202e.txt')).toBe('a_bc.txt');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('Befund.pdf')).toBe('Befund.pdf');
    const long = sanitizeFileName('😀'.repeat(200) + '.pdf');
    expect(long.endsWith('.pdf')).toBe(true);
    expect(isValidFileName(long)).toBe(true);
    const random = prng(3);
    for (let i = 0; i < 500; i++) {
      const name = String.fromCharCode(
        ...Array.from({ length: Math.floor(random() * 400) }, () => random() * 0xffff),
      );
      expect(isValidFileName(sanitizeFileName(name))).toBe(true);
    }
  });
});
