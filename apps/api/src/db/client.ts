import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { trackCommits } from './after-commit.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };
/** A transaction or the pool: repo functions work inside either. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** How long a request waits for a pooled connection before it is answered 503 (busy). */
export const ACQUIRE_TIMEOUT_MS = 5_000;

/** The error pg's pool throws when no connection came free within the acquire timeout. */
export const isPoolExhausted = (error: unknown) =>
  error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);

/**
 * A pooled connection to PostgreSQL with the typed drizzle layer on top. A request waits at most
 * ACQUIRE_TIMEOUT_MS for a connection: a saturated pool answers "busy, retry", it never queues
 * requests until clients give up.
 */
export function createDatabase(
  url: string,
  {
    max = 10,
    acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  }: { max?: number; acquireTimeoutMs?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: acquireTimeoutMs,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  // Work registered inside a transaction runs once it committed (after-commit.ts).
  trackCommits(db);
  return { pool, db, close: () => pool.end() };
}

/** True when the database answers a trivial query within the timeout (used by /readyz). */
export async function isDatabaseReachable(pool: pg.Pool, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>(
    (resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)),
  );
  try {
    return await Promise.race([pool.query('select 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
