// SHA-256 through Web Crypto: the same global in the browser and in Node 20, no Node imports.
// (Browsers expose `crypto.subtle` only in secure contexts: https or localhost.)

/** Lowercase hex SHA-256 of `data` (spec §5: integrity checked by SHA-256 on receipt). */
export async function sha256Hex(data: Uint8Array): Promise<string> {
  // Web Crypto takes only ArrayBuffer-backed views; copy the rare SharedArrayBuffer-backed one.
  const input =
    data.buffer instanceof ArrayBuffer ? (data as Uint8Array<ArrayBuffer>) : data.slice();
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', input));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
