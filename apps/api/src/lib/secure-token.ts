import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: for refresh, validation and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak does not hand out live links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
