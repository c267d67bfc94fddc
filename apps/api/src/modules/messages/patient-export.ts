import type { DataExport } from '@vizita/shared/contracts/privacy';
import type { Tx } from '../../db/client.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { createMessageCrypto } from './message-crypto.ts';
import * as repo from './repo.ts';

// What the messages module publishes for privacy (ADR 0025): a patient's conversations with the
// practice, decrypted for their data export. (Erasing them is the erasure's own sweep.)

/** Every thread of a patient with its messages and files, oldest first, decrypted. */
export async function messagesForExport(
  db: Tx,
  encryption: FieldEncryption,
  patientId: string,
): Promise<DataExport['messages']> {
  const crypto = createMessageCrypto(encryption);
  const { threads, messages, attachments } = await repo.everythingOf(db, patientId);
  return threads.map((t) => ({
    id: t.id,
    kind: t.kind,
    appointmentId: t.appointmentId,
    startedAt: t.createdAt.toISOString(),
    patientMayReply: t.patientMayReply,
    messages: messages
      .filter(({ message: m }) => m.threadId === t.id)
      .map(({ message: m, sender }) => ({
        at: m.createdAt.toISOString(),
        from: m.senderRole,
        sender: sender ? `${sender.firstName} ${sender.lastName}`.trim() || null : null,
        text: crypto.openText(m.bodyEncrypted, m.threadId, m.id),
        attachments: attachments
          .filter((a) => a.messageId === m.id)
          .map((a) => ({
            fileName: crypto.openFileName(a.fileName, a),
            contentType: a.contentType,
            sizeBytes: a.sizeBytes,
            sha256: a.sha256,
            contentBase64: crypto.openFile(a.contentEncrypted, a).toString('base64'),
          })),
      })),
  }));
}
