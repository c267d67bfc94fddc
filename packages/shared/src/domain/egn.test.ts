import { describe, expect, it } from 'vitest';
import { egnBirthDate, egnCheckDigit, isValidEgn } from './egn.ts';

/** Builds a valid EGN from its first nine digits. */
const withCheck = (nine: string) => `${nine}${egnCheckDigit(nine)}`;

describe('EGN', () => {
  it.each([
    ['7523169263', '1875-03-16'], // the classic published example: month 23 is March of the 1800s
    [withCheck('850101123'), '1985-01-01'],
    [withCheck('992228000'), '1899-02-28'], // 1800s: month + 20
    [withCheck('044512345'), '2004-05-12'], // 2000s: month + 40
    [withCheck('004229001'), '2000-02-29'], // 2000 was a leap year
  ])('accepts %s born %s', (egn, date) => {
    expect(isValidEgn(egn)).toBe(true);
    expect(egnBirthDate(egn)).toBe(date);
  });

  it('rejects a wrong check digit', () => {
    const good = withCheck('850101123');
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    expect(isValidEgn(bad)).toBe(false);
  });

  it.each([
    ['month 13', withCheck('851301123')],
    ['month 00', withCheck('850001123')],
    ['day 32', withCheck('850132123')],
    ['Feb 29 in a common year', withCheck('014229001')],
    ['month 33 (between the century ranges)', withCheck('853301123')],
  ])('rejects an impossible date: %s', (_name, egn) => {
    expect(isValidEgn(egn)).toBe(false);
  });

  it.each(['', '123456789', '12345678901', '75231692a3', '7523 69263', '-523169263'])(
    'rejects %j (length or non-digits)',
    (egn) => {
      expect(isValidEgn(egn)).toBe(false);
    },
  );

  it('maps a remainder of 10 to a check digit of 0', () => {
    // 2·1+4·0+8·0+5·0+10·0+9·1+7·0+3·0+6·0 = 11 → 0 ; find a nine-digit prefix whose sum mod 11 is 10
    const nine = '000000000'.split('');
    nine[0] = '5'; // 2·5 = 10
    expect(egnCheckDigit(nine.join(''))).toBe(0);
  });
});
