import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// Beside this module in the source tree, and copied beside main.js by the build.
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constant: every instance takes the same advisory lock, so two servers starting at
// once apply the migrations one after the other instead of racing on CREATE TABLE.
const MIGRATION_LOCK_ID = 7_261_990;

/** Applies the committed SQL migrations that the database has not seen yet. */
export async function applyMigrations(
  url: string,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
