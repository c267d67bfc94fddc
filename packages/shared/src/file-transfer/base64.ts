// Standard base64 (RFC 4648 §4, with padding), written by hand: `Buffer` is Node-only, and
// `atob` accepts whitespace and non-canonical input that a strict decoder must refuse.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// Character code → 6-bit value, -1 for anything outside the alphabet.
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const full = bytes.length - (bytes.length % 3);
  let i = 0;
  for (; i < full; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    parts.push(
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!,
    );
  }
  const rest = bytes.length - full;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    parts.push(ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    parts.push(ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=');
  }
  return parts.join('');
}

function value(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code < 128 ? VALUES[code]! : -1;
}

/**
 * Decodes canonical padded base64, or returns null: wrong length, a character outside the
 * alphabet, misplaced padding, or non-zero bits under the padding (two spellings of one byte).
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  const fullGroups = padding === 0 ? text.length / 4 : text.length / 4 - 1;
  let o = 0;
  for (let g = 0; g < fullGroups; g++) {
    const at = g * 4;
    const a = value(text, at);
    const b = value(text, at + 1);
    const c = value(text, at + 2);
    const d = value(text, at + 3);
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (padding > 0) {
    const at = text.length - 4;
    const a = value(text, at);
    const b = value(text, at + 1);
    if ((a | b) < 0) return null;
    if (padding === 2) {
      if ((b & 15) !== 0) return null;
      out[o] = (a << 2) | (b >> 4);
    } else {
      const c = value(text, at + 2);
      if (c < 0 || (c & 3) !== 0) return null;
      out[o++] = (a << 2) | (b >> 4);
      out[o] = ((b & 15) << 4) | (c >> 2);
    }
  }
  return out;
}
