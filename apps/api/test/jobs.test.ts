// The job queue when a job fails badly (issue #18, ADR 0013): its failure is always recorded and
// it is given up after its last attempt, and the jobs due behind it in the same pass still run.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { createJobWorker, enqueue } from '../src/modules/jobs/queue.ts';
import { createTestDatabase, testClock } from './test-app.ts';

const HOUR = 3_600_000;
/** ADR 0013: a job stops after this many attempts. */
const MAX_ATTEMPTS = 10;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock = testClock();
const failures: string[] = [];
const log = { error: (_obj: object, msg: string) => void failures.push(msg) };
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.close());

/** A worker with the test's kinds: `done` records its runs, `refused` fails with `message`. */
function worker(message: string) {
  const ran: string[] = [];
  const w = createJobWorker({ db: database.db, clock, log });
  w.register('done', async (payload) => void ran.push(payload.name!));
  w.register('refused', () => Promise.reject(new Error(message)));
  return { w, ran };
}

async function queue(kind: string, name: string, runAt = clock()) {
  const key = `${kind}:${name}:${randomUUID()}`;
  await enqueue(database.db, { kind, key, runAt, payload: { name } });
  return key;
}

const row = async (key: string) =>
  (await database.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;

// PostgreSQL's text cannot hold a NUL character: the UPDATE that records this message as it is
// fails. An SMTP server's answer or a provider's error can carry one; the size is a mail body's.
const UNWRITABLE = `mail refused: 550 mailbox unavailable \u0000${'x'.repeat(500_000)}`;

describe('a job whose error cannot be written as it is', () => {
  it('is recorded, cleaned and cut short, and given up after its last attempt', async () => {
    const { w } = worker(UNWRITABLE);
    const key = await queue('refused', 'nul');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await w.runDue();
      const job = await row(key);
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toMatch(/^mail refused: 550 mailbox unavailable /);
      expect(job.lastError).not.toContain('\u0000');
      expect(job.lastError!.length).toBeLessThanOrEqual(2_000);
      expect(job.lockedUntil).toBeNull();
      clock.advance(2 * HOUR); // past any back-off
    }
    const given = await row(key);
    expect(given.failedAt).not.toBeNull();
    expect(given.doneAt).toBeNull();
    // Given up: later passes leave it alone.
    expect(await w.runDue()).toBe(0);
    expect((await row(key)).attempts).toBe(MAX_ATTEMPTS);
  });

  it('does not stop the other jobs due in the same pass', async () => {
    const { w, ran } = worker(UNWRITABLE);
    const first = new Date(clock().getTime() - 60_000);
    const bad = await queue('refused', 'first', first);
    const keys = [await queue('done', 'reminder'), await queue('done', 'refund')];
    expect(await w.runDue()).toBe(3);
    expect(ran.sort()).toEqual(['refund', 'reminder']);
    const done = await database.db.select().from(jobs).where(inArray(jobs.key, keys));
    expect(done.every((job) => job.doneAt !== null)).toBe(true);
    expect((await row(bad)).lastError).toMatch(/^mail refused/);
  });
});

describe('a job whose last attempt ended without a result', () => {
  it('is given up, not run an eleventh time', async () => {
    // As a worker that died during the tenth attempt leaves it (a crash, or a failure the
    // database would not take): claimed ten times, its lease lapsed, nothing recorded.
    const { w, ran } = worker('unused');
    const key = await queue('done', 'poison');
    await database.db
      .update(jobs)
      .set({
        attempts: MAX_ATTEMPTS,
        lockedUntil: new Date(clock().getTime() - 60_000),
      })
      .where(eq(jobs.key, key));
    await w.runDue();
    expect(ran).not.toContain('poison');
    const job = await row(key);
    expect(job.failedAt).not.toBeNull();
    expect(job.attempts).toBe(MAX_ATTEMPTS);
    expect(job.lastError).toContain('10 attempts');
    // The operator's query (docs/operations.md) finds it among the given-up jobs.
    const given = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where failed_at is not null and key = ${key}`,
    );
    expect(given.rows[0]!.n).toBe(1);
  });
});
