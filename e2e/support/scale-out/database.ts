import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../../apps/api/src/db/embedded-postgres.ts';
import { createTestDatabase } from '../start-app.ts';

export type SharedDatabase = { url: string; stop(): Promise<void> };

/**
 * The PostgreSQL server the instances share through DATABASE_URL, as in production: a fresh
 * database on TEST_DATABASE_URL's server when it is given, else an embedded cluster this test
 * starts and owns. Either way no instance owns it, so killing one leaves the database alone.
 */
export async function startSharedDatabase(): Promise<SharedDatabase> {
  const external = await createTestDatabase();
  if (external) return { url: external.url, stop: external.drop };
  const dataDir = mkdtempSync(join(tmpdir(), 'vizita-scale-out-db-'));
  const embedded = await startEmbeddedPostgres({ dataDir, persistent: false });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
