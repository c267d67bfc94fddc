import type { Db } from '../../db/client.ts';
import type { NotesCrypto } from './notes-crypto.ts';
import * as repo from './repo.ts';

/**
 * The summaries the patient may read: the newest version's, decrypted, for each appointment.
 * Only the summary column is opened here; the private notes stay sealed.
 */
export function createSummaryReader(db: Db, notesCrypto: NotesCrypto) {
  return {
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
      return (await this.many([appointmentId])).get(appointmentId) ?? null;
    },
  };
}
export type SummaryReader = ReturnType<typeof createSummaryReader>;
