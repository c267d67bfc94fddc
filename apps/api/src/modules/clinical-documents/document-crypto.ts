import type { FieldEncryption } from '../../lib/field-encryption.ts';

// A prescription, sick note or referral is health data, encrypted like the consultation notes
// (ADR 0009). The context binds each version's text to its document and version: a version
// copied onto another document, or over an older one, does not decrypt.
const contextOf = (documentId: string, version: number) =>
  `clinical-document:${documentId}:${version}`;

export function createDocumentCrypto(encryption: FieldEncryption) {
  return {
    seal: (record: unknown, documentId: string, version: number) =>
      encryption.encrypt(JSON.stringify(record), contextOf(documentId, version)),
    open: <T>(stored: string, documentId: string, version: number): T =>
      JSON.parse(encryption.decrypt(stored, contextOf(documentId, version))) as T,
  };
}
export type DocumentCrypto = ReturnType<typeof createDocumentCrypto>;
