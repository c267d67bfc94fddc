import { describe, expect, it } from 'vitest';
import { isValidEgn } from './egn.ts';
import { isValidKvnr, kvnrCheckDigit } from './kvnr.ts';
import { isValidLnch, lnchCheckDigit } from './lnch.ts';

describe('KVNR (German health-insurance number)', () => {
  it('computes the check digit of the published example A123456780', () => {
    // A → 01; 0 1 1 2 3 4 5 6 7 8 weighted 1,2,… → 0 2 1 4 3 8 5 12 7 16 → digit sums 40 → 0.
    expect(kvnrCheckDigit('A12345678')).toBe(0);
    expect(kvnrCheckDigit('Z98765432')).toBe(1);
  });

  it.each(['A123456780', 'Z987654321', 'a123456780', 'A 123 456 780'])('accepts %s', (v) =>
    expect(isValidKvnr(v)).toBe(true),
  );

  it.each([
    ['a wrong check digit', 'A123456789'],
    ['too short', 'A12345678'],
    ['too long', 'A1234567800'],
    ['no letter', '1123456780'],
    ['a letter inside', 'A12345B780'],
    ['an umlaut', 'Ä123456780'],
    ['empty', ''],
  ])('refuses %s', (_why, v) => expect(isValidKvnr(v)).toBe(false));
});

describe('ЛНЧ (Bulgarian foreigner personal number)', () => {
  const valid = (nine: string) => `${nine}${lnchCheckDigit(nine)}`;

  it('computes the check digit with the weights 21, 19, 17, 13, 11, 9, 7, 3, 1', () => {
    // 1·21 + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 0 = 21 → 1
    expect(lnchCheckDigit('100000000')).toBe(1);
    // 21+38+51+52+55+54+49+24+9 = 353 → 3
    expect(lnchCheckDigit('123456789')).toBe(3);
    expect(isValidLnch('1234567893')).toBe(true);
  });

  it('refuses a wrong check digit, letters and other lengths', () => {
    expect(isValidLnch('1234567890')).toBe(false);
    expect(isValidLnch('123456789')).toBe(false);
    expect(isValidLnch('12345678a3')).toBe(false);
    expect(isValidLnch(valid('100000000'))).toBe(true);
  });

  it('is a different number from an EGN (no date inside)', () => {
    expect(isValidEgn('1234567893')).toBe(false);
  });
});
