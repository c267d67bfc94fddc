import { hkdfSync, webcrypto } from 'node:crypto';

/** What a key signs. Each has its own, so a token of one kind can never pass for another. */
export type KeyPurpose =
  'access-token' | 'meeting-join' | 'receipt-link' | 'login-challenge' | 'bell-socket';

/**
 * The key for one purpose, derived from the one configured secret (`JWT_SECRET`) with
 * HKDF-SHA256 (RFC 5869). Only the secret needs keeping; a leak or a bug in one kind of token
 * (a receipt link's HMAC, say) reveals nothing that signs another.
 */
export function purposeKey(secret: string, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'vizita/purpose-keys/v1', purpose, 32));
}

/**
 * The same key as a WebCrypto HMAC-SHA256 key for jose's HS256 tokens, imported once. Given raw
 * bytes, jose imports them again at every sign and verify: a tenth of what GET /auth/status cost
 * (issue #13).
 */
export function purposeJwtKey(secret: string, purpose: KeyPurpose): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'raw',
    purposeKey(secret, purpose),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}
