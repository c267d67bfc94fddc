import type { FieldEncryption } from '../../lib/field-encryption.ts';

// The doctor's note on a follow-up proposal is health data (why the patient should come back),
// encrypted like the consultation notes (ADR 0009). The context binds it to its proposal: a note
// copied onto another proposal, or into another column, does not decrypt.

const contextOf = (proposalId: string) => `follow-up:${proposalId}:note`;

export function createFollowUpNoteCrypto(encryption: FieldEncryption) {
  return {
    /** Sealed to its proposal; an empty note is no ciphertext at all. */
    seal: (proposalId: string, note: string) =>
      note === '' ? null : encryption.encrypt(note, contextOf(proposalId)),
    open: (proposalId: string, stored: string | null) =>
      stored === null ? '' : encryption.decrypt(stored, contextOf(proposalId)),
  };
}
export type FollowUpNoteCrypto = ReturnType<typeof createFollowUpNoteCrypto>;
