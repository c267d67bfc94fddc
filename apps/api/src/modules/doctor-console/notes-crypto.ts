import type { FieldEncryption } from '../../lib/field-encryption.ts';

// Consultation notes are health data, encrypted like the national ID (ARCHITECTURE.md §4). The
// context binds each text to its appointment, version and field: a private note copied into the
// summary column, or onto another appointment, does not decrypt.
export type NotesField = 'private' | 'summary';

const contextOf = (appointmentId: string, version: number, field: NotesField) =>
  `notes:${appointmentId}:${version}:${field}`;

export function createNotesCrypto(encryption: FieldEncryption) {
  return {
    seal: (text: string, appointmentId: string, version: number, field: NotesField) =>
      text === '' ? null : encryption.encrypt(text, contextOf(appointmentId, version, field)),
    open: (stored: string | null, appointmentId: string, version: number, field: NotesField) =>
      stored === null ? '' : encryption.decrypt(stored, contextOf(appointmentId, version, field)),
  };
}
export type NotesCrypto = ReturnType<typeof createNotesCrypto>;
