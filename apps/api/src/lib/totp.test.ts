import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, otpauthUri, totpAt, totpStep, verifyTotp } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; the 8-digit values
// of the RFC end in the 6 digits an authenticator shows.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, eightDigits] of RFC_VECTORS)
      expect(totpAt(RFC_SECRET, totpStep(new Date(seconds * 1000))), String(seconds)).toBe(
        eightDigits.slice(-6),
      );
  });

  it('round-trips base32 and rejects what is not base32', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('accepts the step before and after, once, and nothing else', () => {
    const at = new Date(1_795_000_000_000);
    const step = totpStep(at);
    for (const offset of [-1, 0, 1])
      expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + offset), at)).toBe(step + offset);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 2), at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 2), at)).toBeNull();
    // Used once: the same step, or an earlier one, is refused.
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step), at, step)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 345'])
      expect(verifyTotp(RFC_SECRET, bad, at)).toBeNull();
  });

  it('writes the URI an authenticator app scans', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'maria@example.bg')).toBe(
      'otpauth://totp/Vizita%3Amaria%40example.bg?secret=JBSWY3DPEHPK3PXP&issuer=Vizita&algorithm=SHA1&digits=6&period=30',
    );
  });
});
