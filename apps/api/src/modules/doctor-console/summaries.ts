import type { Db, Tx } from '../../db/client.ts';
import type { IssuedDocuments } from '../verification/issued-documents.ts';
import type { NotesCrypto } from './notes-crypto.ts';
import * as repo from './repo.ts';

/**
 * What a visit summary's registration signs (issue #21 §3, ADR 0037): the summary as the patient
 * reads it, with its appointment, version and doctor. Built once here, for the registration and
 * for the check that re-reads it.
 */
export const summaryContent = (notes: {
  id: string;
  appointmentId: string;
  version: number;
  authorId: string | null;
  createdAt: Date;
  summary: string;
}) => ({
  notesId: notes.id,
  appointmentId: notes.appointmentId,
  version: notes.version,
  doctorId: notes.authorId,
  writtenAt: notes.createdAt.toISOString(),
  summary: notes.summary,
});

/**
 * The summaries the patient may read: the newest version's, decrypted, for each appointment, and
 * the verification (short code and link) each carries. Only the summary column is opened here;
 * the private notes stay sealed.
 */
export function createSummaryReader(db: Db, notesCrypto: NotesCrypto, issued: IssuedDocuments) {
  // The verification page re-reads a summary's content from its notes version (ADR 0037).
  issued.contentSource(['visit-summary'], async (tx: Tx, notesId: string) => {
    const row = await repo.notesById(tx, notesId);
    if (!row?.summaryEncrypted) return undefined;
    return summaryContent({
      ...row,
      summary: notesCrypto.open(row.summaryEncrypted, row.appointmentId, row.version, 'summary'),
    });
  });

  const reader = {
    async many(appointmentIds: string[]): Promise<Map<string, string>> {
      const sealed = await repo.latestSummaries(db, appointmentIds);
      return new Map(
        [...sealed].map(([id, { version, summaryEncrypted }]) => [
          id,
          notesCrypto.open(summaryEncrypted, id, version, 'summary'),
        ]),
      );
    },
    async one(appointmentId: string): Promise<string | null> {
      return (await reader.many([appointmentId])).get(appointmentId) ?? null;
    },
    /**
     * The appointment's newest summary as its printout needs it — the text, its version and
     * when it was written, and its verification — or null when there is none (or none standing).
     */
    async printable(appointmentId: string) {
      const sealed = (await repo.latestSummaries(db, [appointmentId])).get(appointmentId);
      if (!sealed) return null;
      const registration = (await issued.registrationsOf(db, [sealed.id])).get(sealed.id);
      const text = notesCrypto.open(
        sealed.summaryEncrypted,
        appointmentId,
        sealed.version,
        'summary',
      );
      if (!text || !registration || registration.revokedAt) return null;
      return {
        text,
        version: sealed.version,
        writtenAt: sealed.createdAt,
        verification: { shortCode: registration.shortCode, url: registration.verifyUrl },
      };
    },
    /** The newest summary's verification of each appointment that has a standing one. */
    async verifications(
      appointmentIds: string[],
    ): Promise<Map<string, { shortCode: string; url: string }>> {
      const sealed = await repo.latestSummaries(db, appointmentIds);
      const registrations = await issued.registrationsOf(
        db,
        [...sealed.values()].map((s) => s.id),
      );
      const found = new Map<string, { shortCode: string; url: string }>();
      for (const [appointmentId, { id }] of sealed) {
        const registration = registrations.get(id);
        if (registration && !registration.revokedAt)
          found.set(appointmentId, {
            shortCode: registration.shortCode,
            url: registration.verifyUrl,
          });
      }
      return found;
    },
  };
  return reader;
}
export type SummaryReader = ReturnType<typeof createSummaryReader>;
