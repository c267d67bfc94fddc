import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server where each test file creates its own database. */
    serverUrl: string;
  }
}

/** One real PostgreSQL for the run: TEST_DATABASE_URL when given, else an embedded one. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('serverUrl', external);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'vizita-api-test-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
  // The superuser: each test file creates its own database on this server.
  project.provide('serverUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
