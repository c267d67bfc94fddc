import { and, asc, eq, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

type Tx = Pick<Db, 'insert'>;

export type JobRow = typeof jobs.$inferSelect;

/** What a handler is given; it must be safe to run again after a crash (at-least-once). */
export type JobHandler = (payload: Record<string, string>, job: JobRow) => Promise<void>;

/** A job is claimed for this long; a worker that dies mid-job gives it up when the lease lapses. */
const LEASE_MS = 5 * 60_000;
/** Retries back off 1, 2, 4 … minutes, at most an hour apart, and stop after this many attempts. */
const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));

/**
 * Queues a job in the caller's transaction, so it exists exactly when the change that made it due
 * does. A second job with the same key is ignored: enqueueing is idempotent.
 */
export async function enqueue(
  tx: Tx,
  job: { kind: string; key: string; runAt: Date; payload: Record<string, string> },
) {
  await tx.insert(jobs).values(job).onConflictDoNothing({ target: jobs.key });
}

/**
 * Runs due jobs. Any number of workers (in one process or many) may run `runDue` at once: a job is
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease in one short transaction, run outside it, then
 * marked done — so no connection is held while a mail is sent or a provider is called, and no two
 * workers run one job.
 */
export function createJobWorker({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: { error: (obj: object, msg: string) => void };
}) {
  const handlers = new Map<string, JobHandler>();

  /** Claims one due job that nobody holds (optionally only the one with `key`). */
  async function claim(key?: string): Promise<JobRow | undefined> {
    return db.transaction(async (tx) => {
      const now = clock();
      const [job] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            key === undefined ? undefined : eq(jobs.key, key),
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            lte(jobs.runAt, now),
            or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return undefined;
      const [claimed] = await tx
        .update(jobs)
        .set({
          lockedUntil: new Date(now.getTime() + LEASE_MS),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(eq(jobs.id, job.id))
        .returning();
      return claimed;
    });
  }

  async function run(job: JobRow) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, job);
      await db
        .update(jobs)
        .set({ doneAt: clock(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      log.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
        'job failed',
      );
      await db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: error instanceof Error ? error.message : String(error),
          runAt: new Date(clock().getTime() + backoffMs(job.attempts)),
          failedAt: giveUp ? clock() : null,
        })
        .where(eq(jobs.id, job.id));
    }
  }

  return {
    /** The module that owns a kind of job registers how to run it. */
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind "${kind}" registered twice`);
      handlers.set(kind, handler);
    },

    /** Claims and runs due jobs one by one until none is left (or `max` ran); returns how many. */
    async runDue(max = 100): Promise<number> {
      let ran = 0;
      while (ran < max) {
        const job = await claim();
        if (!job) break;
        await run(job);
        ran += 1;
      }
      return ran;
    },

    /** Runs one job now if it is due and nobody holds it (the request that queued it, say). */
    async runNow(key: string): Promise<boolean> {
      const job = await claim(key);
      if (job) await run(job);
      return job !== undefined;
    },
  };
}
export type JobWorker = ReturnType<typeof createJobWorker>;

/**
 * The queue at a glance for the metrics (ADR 0030), in one query: jobs due and not yet run, jobs
 * that failed and will run again, and jobs given up. Every instance reads the same table.
 */
export async function countJobs(db: Db, now: Date) {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${isNull(jobs.failedAt)} and ${lte(jobs.runAt, now)})::int`,
      retrying: sql<number>`count(*) filter (where ${isNull(jobs.failedAt)} and ${jobs.lastError} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${jobs.failedAt} is not null)::int`,
    })
    .from(jobs)
    .where(isNull(jobs.doneAt));
  return row ?? { due: 0, retrying: 0, failed: 0 };
}
