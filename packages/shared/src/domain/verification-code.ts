// The short code printed beside a document's QR code (ADR 0037), for a person who types it in on
// /verify: Crockford's base32 (https://www.crockford.com/base32.html) — digits and capitals
// without I, L, O and U, so nothing reads as something else — grouped 5-5 for reading aloud.

/** Crockford's alphabet: 32 symbols, 5 bits each. */
export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 symbols = 50 bits: too many to guess at the rate limit, few enough to type from paper. */
export const SHORT_CODE_LENGTH = 10;

/**
 * What a person typed, as stored: upper case, without spaces or hyphens, with the letters Crockford
 * reads as digits (I and L as 1, O as 0) mapped; null when it cannot be a code.
 */
export function normalizeShortCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (code.length !== SHORT_CODE_LENGTH) return null;
  for (const char of code) if (!SHORT_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** `ABCDE-FGHJK`: the stored code as printed and shown. */
export const formatShortCode = (code: string): string =>
  code.length === SHORT_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;

/** True for a document id (a UUID) rather than a short code. */
export const isDocumentId = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
