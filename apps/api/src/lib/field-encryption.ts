import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM for health identifiers at rest (national ID, insurance number).
// Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The version names the key, so a rotation can
// add `v2` and still read `v1`. The associated data binds each value to its owner and column: a
// ciphertext copied onto another user's row, or into another column, fails to decrypt.

const VERSION = 'v1';
const IV_BYTES = 12; // the GCM standard nonce size
const KEY_BYTES = 32;
const TAG_BYTES = 16; // GCM's full-length authentication tag

/** Accepts a 32-byte key as base64, base64url or 64 hex characters. */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes (base64 or 64 hex characters)');
  return key;
}

export function createFieldEncryption(key: Buffer) {
  if (key.length !== KEY_BYTES) throw new Error('encryption key must be 32 bytes');
  const aad = (context: string) => Buffer.from(context, 'utf8');
  return {
    encrypt(plaintext: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        ciphertext.toString('base64url'),
      ].join('.');
    },
    /** Throws when the value was tampered with, moved, or encrypted under another key. */
    decrypt(stored: string, context: string): string {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined)
        throw new Error('unknown encrypted value format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    /** Bytes (a document) as `iv | tag | ciphertext`, bound to `context` like the text fields. */
    encryptBytes(plaintext: Buffer, context: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    },
    /** Throws when the bytes were tampered with, moved, or encrypted under another key. */
    decryptBytes(stored: Buffer, context: string): Buffer {
      const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, IV_BYTES));
      decipher.setAAD(aad(context));
      decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}
export type FieldEncryption = ReturnType<typeof createFieldEncryption>;
