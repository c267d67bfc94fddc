import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters in PostgreSQL, so that every API instance sees the same count (the API
 * is stateless). One upsert per check; the increment is atomic, so concurrent requests cannot
 * slip past the limit.
 */
/**
 * The key as stored: its first segment in clear, so an operator sees which limit counts
 * (`login:…`, `export:…`), the rest as a SHA-256 digest — the counters hold no e-mail address,
 * IP address or user id (GDPR Art. 25), and an erased account leaves nothing readable there.
 */
export function storedKey(key: string): string {
  const scope = key.slice(0, key.indexOf(':') + 1);
  return `${scope}${createHash('sha256').update(key).digest('base64url')}`;
}

export function createRateLimiter(db: Db, clock: Clock) {
  const windowStartOf = (windowMs: number) =>
    new Date(Math.floor(clock().getTime() / windowMs) * windowMs);
  return {
    /**
     * Counts one hit for `key` and answers whether it is still within `limit`. Inside a
     * transaction, pass it as `tx`: the count then holds only if the transaction commits, and
     * the transaction does not wait for a second connection of the pool.
     */
    async hit(
      key: string,
      limit: number,
      windowMs: number,
      tx: Pick<Db, 'insert'> = db,
    ): Promise<{ allowed: boolean; hits: number }> {
      const windowStart = windowStartOf(windowMs);
      const [row] = await tx
        .insert(rateLimitCounters)
        .values({ key: storedKey(key), windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      const hits = row?.hits ?? 1;
      return { allowed: hits <= limit, hits };
    },
    /** Forgets the current window for `key` (a successful login clears its failures). */
    async reset(key: string, windowMs: number, tx: Pick<Db, 'delete'> = db): Promise<void> {
      await tx
        .delete(rateLimitCounters)
        .where(
          sql`${rateLimitCounters.key} = ${storedKey(key)} and ${rateLimitCounters.windowStart} = ${windowStartOf(windowMs)}`,
        );
    },
    /** Drops windows older than a day; called now and then so the table stays small. */
    async prune(): Promise<void> {
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStart, new Date(clock().getTime() - 86_400_000)));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
