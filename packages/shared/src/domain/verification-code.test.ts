import { describe, expect, it } from 'vitest';
import {
  formatShortCode,
  isDocumentId,
  normalizeShortCode,
  SHORT_CODE_ALPHABET,
} from './verification-code.ts';

describe('short codes', () => {
  it('reads a code however it was typed', () => {
    expect(normalizeShortCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeShortCode(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
    // Crockford: I and L are 1, O is 0 — what a reader of the paper might type.
    expect(normalizeShortCode('IL0O0-12345')).toBe('1100012345');
  });

  it('refuses what cannot be a code', () => {
    expect(normalizeShortCode('ABCDE-FGHJ')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJKM')).toBeNull();
    expect(normalizeShortCode('ABCDE-FGHJU')).toBeNull();
    expect(normalizeShortCode('ABCDE_FGHJK')).toBeNull();
  });

  it('has 32 unambiguous symbols', () => {
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(32);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('prints a code in two groups and tells an id from a code', () => {
    expect(formatShortCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(isDocumentId('0b0e4a5e-8f7c-4d2a-9a51-2f1d7c3b9e10')).toBe(true);
    expect(isDocumentId('ABCDE-FGHJK')).toBe(false);
  });
});
