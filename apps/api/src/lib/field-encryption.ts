import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM for health identifiers at rest (national ID, insurance number).
// Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The version names the key, so a rotation can
// add `v2` and still read `v1`. The associated data binds each value to its owner and column: a
// ciphertext copied onto another user's row, or into another column, fails to decrypt.

const VERSION = 'v1';
const IV_BYTES = 12; // the GCM standard nonce size
const KEY_BYTES = 32;
const TAG_BYTES = 16; // GCM's full-length authentication tag

/** Decodes `text` if it is exactly the canonical `encoding` of 32 bytes, else undefined. */
function decodeExactly(text: string, encoding: 'hex' | 'base64' | 'base64url') {
  const key = Buffer.from(text, encoding);
  return key.length === KEY_BYTES && key.toString(encoding) === text ? key : undefined;
}

const ENCRYPTION_KEY_FORMS =
  '32 bytes, random, as 44 base64 characters ending in "=" (openssl rand -base64 32) or as 64 hex characters (openssl rand -hex 32)';

/**
 * DATA_ENCRYPTION_KEY as the README documents it: 32 bytes as 64 hex characters, or as base64
 * with its padding — the 44 characters `openssl rand -base64 32` prints (the URL-safe alphabet
 * too). Nothing else: Buffer's base64 decoder skips what it does not know and needs no padding,
 * so a 43-letter passphrase used to pass as a key (issue #18). The message never repeats the value.
 */
export function parseEncryptionKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text)
    ? decodeExactly(text.toLowerCase(), 'hex')
    : /^[A-Za-z0-9+/]{43}=$/.test(text)
      ? decodeExactly(text, 'base64')
      : /^[A-Za-z0-9_-]{43}=$/.test(text)
        ? decodeExactly(text.slice(0, -1), 'base64url')
        : undefined;
  if (!key)
    throw new Error(
      `DATA_ENCRYPTION_KEY: must be ${ENCRYPTION_KEY_FORMS}; this value (${text.length} characters) is neither, and a passphrase is not a key. A copy of the generated $DATA_DIR/data-encryption.key needs a "=" added at its end`,
    );
  return key;
}

/**
 * The key file the server writes under DATA_DIR when no key is given (lib/local-secret.ts):
 * 43 base64url characters without padding — ours, so unambiguous there — or a documented form an
 * operator put in its place.
 */
export function parseStoredEncryptionKey(text: string, file: string): Buffer {
  const trimmed = text.trim();
  if (/^[A-Za-z0-9_-]{43}$/.test(trimmed)) {
    const key = decodeExactly(trimmed, 'base64url');
    if (key) return key;
  }
  try {
    return parseEncryptionKey(trimmed);
  } catch {
    throw new Error(
      `${file}: not a key this server wrote (43 base64url characters) nor ${ENCRYPTION_KEY_FORMS}`,
    );
  }
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
