import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

// DER headers of an Ed25519 key (RFC 8410): a 32-byte seed or public key becomes a key node:crypto
// imports, so the zero-setup default can be 32 random bytes like the other generated secrets.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const ED25519_KEY_BYTES = 32;

const KEY_HINT =
  'an Ed25519 key as `openssl genpkey -algorithm ed25519` prints it (PKCS#8 PEM), or 32 bytes in base64 as `openssl rand -base64 32` prints them';

/** Base64 or base64url text to bytes, or undefined when it is neither. */
function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what}: not an Ed25519 key`);
  return key;
}

/**
 * The private key documents are signed with: PKCS#8 PEM, PKCS#8 DER in base64, or the 32-byte
 * seed in base64/base64url (what `$DATA_DIR/document-signing.key` holds). Throws a message that
 * names the accepted forms and never repeats the value.
 */
export function parseSigningKey(text: string, what = 'DOCUMENT_SIGNING_KEY'): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN')) return ed25519(createPrivateKey(trimmed), what);
    const bytes = decodeBase64(trimmed);
    if (bytes?.length === ED25519_KEY_BYTES)
      return createPrivateKey({
        key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes]),
        format: 'der',
        type: 'pkcs8',
      });
    if (bytes && bytes.length > ED25519_KEY_BYTES)
      return ed25519(createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' }), what);
  } catch {
    // Refused below with the accepted forms.
  }
  throw new Error(`${what}: expected ${KEY_HINT}`);
}

/**
 * A key kept for verification after a rotation: a public key (SPKI PEM, SPKI DER or the raw
 * 32 bytes, in base64) or a retired private key in any form `parseSigningKey` takes.
 */
export function parseVerifyKey(text: string, what = 'DOCUMENT_VERIFY_KEYS'): KeyObject {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN PUBLIC KEY')) return ed25519(createPublicKey(trimmed), what);
    const bytes = decodeBase64(trimmed);
    if (bytes && bytes.length === SPKI_ED25519_PREFIX.length + ED25519_KEY_BYTES)
      return ed25519(createPublicKey({ key: bytes, format: 'der', type: 'spki' }), what);
  } catch {
    // Perhaps a private key: tried below.
  }
  // Both a raw public key and a seed are 32 bytes; a list entry of 32 bytes is taken as a public
  // key, since that is what the start log and /api/verify/keys print.
  const bytes = decodeBase64(trimmed);
  if (bytes?.length === ED25519_KEY_BYTES)
    return createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, bytes]),
      format: 'der',
      type: 'spki',
    });
  return createPublicKey(parseSigningKey(trimmed, what));
}

/** A comma-separated list of keys for `parseVerifyKey` (PEM has no commas, base64 neither). */
export function parseVerifyKeys(text: string | undefined): KeyObject[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => parseVerifyKey(entry));
}

/** The public half of a key (node:crypto refuses to derive one from a public key). */
const publicOf = (key: KeyObject): KeyObject =>
  key.type === 'public' ? key : createPublicKey(key);

/** The raw 32 bytes of an Ed25519 public key, base64url: how the key is shown to operators. */
export function rawPublicKey(key: KeyObject): string {
  const spki = publicOf(key).export({ format: 'der', type: 'spki' });
  return spki.subarray(SPKI_ED25519_PREFIX.length).toString('base64url');
}

/** The first 8 bytes of the public key's SHA-256, hex: stored beside each signature. */
export function keyIdOf(key: KeyObject): string {
  const spki = publicOf(key).export({ format: 'der', type: 'spki' });
  return createHash('sha256').update(spki).digest('hex').slice(0, 16);
}

/**
 * Signs with the current key and verifies with it or any key kept from before a rotation
 * (ADR 0037). Ed25519 through node:crypto: `sign(null, …)`, the algorithm is the key's own.
 */
export function createDocumentSigner(signingKey: KeyObject, retired: KeyObject[] = []) {
  const current = ed25519(signingKey, 'document signing key');
  const keyId = keyIdOf(current);
  const publicKeys = new Map<string, KeyObject>();
  publicKeys.set(keyId, publicOf(current));
  for (const key of retired) publicKeys.set(keyIdOf(key), publicOf(key));
  return {
    keyId,
    sign: (message: Buffer): string => sign(null, message, current).toString('base64url'),
    /** False for an unknown key id or a signature that is not exactly one over `message`. */
    verify(id: string, message: Buffer, signature: string): boolean {
      const key = publicKeys.get(id);
      if (!key) return false;
      const bytes = Buffer.from(signature, 'base64url');
      if (bytes.length !== 64) return false;
      return verify(null, message, key, bytes);
    },
    /** Every key a signature is accepted from, the current first: public, for anyone to use. */
    publicKeys: () =>
      [...publicKeys].map(([id, key]) => ({ keyId: id, publicKey: rawPublicKey(key) })),
  };
}
export type DocumentSigner = ReturnType<typeof createDocumentSigner>;

/** A key for a process that was given none (tests): documents it signs die with it. */
export function ephemeralSigningKey(): KeyObject {
  return generateKeyPairSync('ed25519').privateKey;
}
