import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';

// The platform's encoder as the reference (btoa exists in Node 20 and in browsers).
const reference = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('base64', () => {
  it('matches btoa and round-trips every tail length', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = encodeBase64(bytes);
      expect(text).toBe(reference(bytes));
      expect(decodeBase64(text)).toEqual(bytes);
    }
  });

  it('round-trips all byte values', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
  });

  it('refuses what a lenient decoder would accept', () => {
    for (const text of [
      'QQ',
      'QQ=',
      'Q===',
      '====',
      'QUJD\n',
      ' QUJD',
      'QU JD',
      'QUJ-',
      'QUJ_',
      'QQ==QUJD',
      'QR==', // non-zero bits under the padding: a second spelling of "A"
      'QUI=QUJD',
      'QUJ\u00e9',
    ]) {
      expect(decodeBase64(text), text).toBeNull();
    }
    expect(decodeBase64('QQ==')).toEqual(new Uint8Array([65]));
    expect(decodeBase64('')).toEqual(new Uint8Array(0));
  });
});
