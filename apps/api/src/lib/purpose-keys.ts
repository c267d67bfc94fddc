import { hkdfSync } from 'node:crypto';

/** What a key signs. Each has its own, so a token of one kind can never pass for another. */
export type KeyPurpose = 'access-token' | 'meeting-join' | 'receipt-link' | 'login-challenge';

/**
 * The key for one purpose, derived from the one configured secret (`JWT_SECRET`) with
 * HKDF-SHA256 (RFC 5869). Only the secret needs keeping; a leak or a bug in one kind of token
 * (a receipt link's HMAC, say) reveals nothing that signs another.
 */
export function purposeKey(secret: string, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'vizita/purpose-keys/v1', purpose, 32));
}
