import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFieldEncryption,
  parseEncryptionKey,
  parseStoredEncryptionKey,
} from './field-encryption.ts';
import { readOrCreateSecret } from './local-secret.ts';

const enc = createFieldEncryption(randomBytes(32));

describe('field encryption', () => {
  it('round-trips and never repeats a ciphertext for the same value', () => {
    const a = enc.encrypt('7523169263', 'user-1:national_id');
    const b = enc.encrypt('7523169263', 'user-1:national_id');
    expect(a).not.toBe(b);
    expect(a).not.toContain('7523169263');
    expect(enc.decrypt(a, 'user-1:national_id')).toBe('7523169263');
  });

  it('refuses a value moved to another user or column, or tampered with', () => {
    const stored = enc.encrypt('A123456789', 'user-1:insurance_number');
    expect(() => enc.decrypt(stored, 'user-2:insurance_number')).toThrow();
    expect(() => enc.decrypt(stored, 'user-1:national_id')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('B123456789').toString('base64url');
    expect(() => enc.decrypt(parts.join('.'), 'user-1:insurance_number')).toThrow();
  });

  it('round-trips bytes bound to their context and refuses tampering', () => {
    const pdf = Buffer.from('%PDF-1.7 sick note for 3 days');
    const stored = enc.encryptBytes(pdf, 'doc-1:1');
    expect(stored.includes(Buffer.from('sick note'))).toBe(false);
    expect(enc.decryptBytes(stored, 'doc-1:1').equals(pdf)).toBe(true);
    expect(() => enc.decryptBytes(stored, 'doc-2:1')).toThrow();
    const flipped = Buffer.from(stored);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => enc.decryptBytes(flipped, 'doc-1:1')).toThrow();
  });

  it('refuses a value encrypted under another key', () => {
    const other = createFieldEncryption(randomBytes(32));
    expect(() => other.decrypt(enc.encrypt('x', 'c'), 'c')).toThrow();
  });

  it('parses base64 and hex keys and refuses short ones', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseEncryptionKey(key.toString('hex')).equals(key)).toBe(true);
    expect(() => parseEncryptionKey('c2hvcnQ=')).toThrow(/32 bytes/);
  });

  it('reads the key file the server generated, whose unpadded form the variable refuses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vizita-key-'));
    try {
      const file = join(dir, 'data-encryption.key');
      const stored = readOrCreateSecret(file);
      const key = parseStoredEncryptionKey(stored, file);
      expect(key.equals(Buffer.from(stored, 'base64url'))).toBe(true);
      // In DATA_ENCRYPTION_KEY 43 bare characters could as well be a passphrase; with its "=" it is the key.
      expect(() => parseEncryptionKey(stored)).toThrow(/needs a "=" added at its end/);
      expect(parseEncryptionKey(`${stored}=`).equals(key)).toBe(true);
      expect(() => parseStoredEncryptionKey('correct horse battery staple', file)).toThrow(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
