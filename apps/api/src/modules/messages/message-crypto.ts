import type { FieldEncryption } from '../../lib/field-encryption.ts';

// What a patient and the practice write and attach is health data (ARCHITECTURE.md §4),
// encrypted like the doctor's notes. The context binds each ciphertext to its thread and message
// (and an attachment's to its own id): a message copied into another thread, or a file moved to
// another message, does not decrypt. A file's name is encrypted too — "HIV-Befund.pdf" says
// enough on its own.

const textContext = (threadId: string, messageId: string) => `message:${threadId}:${messageId}`;
const fileContext = (a: AttachmentPlace) =>
  `message-attachment:${a.threadId}:${a.messageId}:${a.id}`;
const fileNameContext = (a: AttachmentPlace) =>
  `message-attachment-name:${a.threadId}:${a.messageId}:${a.id}`;

type AttachmentPlace = { id: string; threadId: string; messageId: string };

export function createMessageCrypto(encryption: FieldEncryption) {
  return {
    sealText: (text: string, threadId: string, messageId: string) =>
      encryption.encrypt(text, textContext(threadId, messageId)),
    openText: (stored: string, threadId: string, messageId: string) =>
      encryption.decrypt(stored, textContext(threadId, messageId)),
    sealFile: (bytes: Buffer, place: AttachmentPlace) =>
      encryption.encryptBytes(bytes, fileContext(place)),
    openFile: (stored: Buffer, place: AttachmentPlace) =>
      encryption.decryptBytes(stored, fileContext(place)),
    sealFileName: (name: string, place: AttachmentPlace) =>
      encryption.encrypt(name, fileNameContext(place)),
    openFileName: (stored: string, place: AttachmentPlace) =>
      encryption.decrypt(stored, fileNameContext(place)),
  };
}
export type MessageCrypto = ReturnType<typeof createMessageCrypto>;
