import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createDocumentSigner,
  keyIdOf,
  parseSigningKey,
  parseVerifyKey,
  parseVerifyKeys,
  rawPublicKey,
} from './document-signing.ts';

const message = Buffer.from('{"contentHash":"ab","v":1}');

describe('document signing keys', () => {
  it('takes a PKCS#8 PEM, its DER in base64, or a 32-byte seed in base64 or base64url', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    const seed = der.subarray(der.length - 32);
    const expected = keyIdOf(privateKey);
    for (const text of [
      pem,
      der.toString('base64'),
      seed.toString('base64'),
      seed.toString('base64url'),
    ])
      expect(keyIdOf(parseSigningKey(text))).toBe(expected);
  });

  it('refuses anything else without repeating it', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const text of ['correct horse battery staple', Buffer.alloc(16).toString('base64'), ecPem])
      expect(() => parseSigningKey(text)).toThrow(/^DOCUMENT_SIGNING_KEY: expected an Ed25519/);
    try {
      parseSigningKey('my-secret-passphrase');
    } catch (error) {
      expect((error as Error).message).not.toContain('my-secret-passphrase');
    }
  });

  it('signs with the current key and verifies with it or a retired one after a rotation', () => {
    const old = generateKeyPairSync('ed25519').privateKey;
    const current = generateKeyPairSync('ed25519').privateKey;
    const before = createDocumentSigner(old);
    const signature = before.sign(message);

    const withoutOld = createDocumentSigner(current);
    expect(withoutOld.verify(before.keyId, message, signature)).toBe(false);

    // The retired key as its public half (what /api/verify-keys prints) or as the old private key.
    for (const retired of [
      parseVerifyKey(rawPublicKey(old)),
      parseVerifyKey(createPublicKey(old).export({ format: 'pem', type: 'spki' }).toString()),
      parseVerifyKey(old.export({ format: 'pem', type: 'pkcs8' }).toString()),
    ]) {
      const after = createDocumentSigner(current, [retired]);
      expect(after.keyId).not.toBe(before.keyId);
      expect(after.verify(before.keyId, message, signature)).toBe(true);
      expect(after.publicKeys().map((k) => k.keyId)).toEqual([after.keyId, before.keyId]);
    }
  });

  it('fails a changed message, a changed signature and an unknown key id', () => {
    const signer = createDocumentSigner(generateKeyPairSync('ed25519').privateKey);
    const signature = signer.sign(message);
    expect(signer.verify(signer.keyId, message, signature)).toBe(true);
    const changed = Buffer.from(message);
    changed[3] = changed[3]! ^ 1;
    expect(signer.verify(signer.keyId, changed, signature)).toBe(false);
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    expect(signer.verify(signer.keyId, message, bytes.toString('base64url'))).toBe(false);
    expect(signer.verify(signer.keyId, message, 'short')).toBe(false);
    expect(signer.verify('0000000000000000', message, signature)).toBe(false);
  });

  it('reads a comma-separated list of retired keys', () => {
    const a = generateKeyPairSync('ed25519').privateKey;
    const b = generateKeyPairSync('ed25519').privateKey;
    const keys = parseVerifyKeys(` ${rawPublicKey(a)} , ${rawPublicKey(b)} `);
    expect(keys.map(keyIdOf)).toEqual([keyIdOf(a), keyIdOf(b)]);
    expect(parseVerifyKeys(undefined)).toEqual([]);
    expect(() => parseVerifyKeys('nonsense')).toThrow(/^DOCUMENT_VERIFY_KEYS/);
  });
});
