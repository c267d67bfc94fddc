import { and, asc, eq, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { describeError } from '../../lib/log-errors.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler is given; it must be safe to run again after a crash (at-least-once). */
export type JobHandler = (payload: Record<string, string>, job: JobRow) => Promise<void>;

/** A job is claimed for this long; a worker that dies mid-job gives it up when the lease lapses. */
const LEASE_MS = 5 * 60_000;
/** Retries back off 1, 2, 4 … minutes, at most an hour apart, and stop after this many attempts. */
const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));
/** What jobs.last_error keeps of a failure: enough to act on; a provider's answer can be a page. */
const LAST_ERROR_MAX_CHARS = 2_000;
const GIVEN_UP = `Given up after ${MAX_ATTEMPTS} attempts: the last one ended without a result (its worker stopped, or its failure could not be recorded).`;

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
      const due = () =>
        tx
          .select({ id: jobs.id, attempts: jobs.attempts })
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
      let [job] = await due();
      // Its last attempt's lease lapsed with nothing recorded: the worker died during it (a job
      // that kills its worker would kill one every five minutes for ever), or the database took
      // not even the fixed text below. Not an eleventh attempt: given up, the earlier error kept.
      while (job && job.attempts >= MAX_ATTEMPTS) {
        await tx
          .update(jobs)
          .set({
            lockedUntil: null,
            failedAt: now,
            lastError: sql`left(${GIVEN_UP} || coalesce(' Before: ' || ${jobs.lastError}, ''), ${LAST_ERROR_MAX_CHARS})`,
          })
          .where(eq(jobs.id, job.id));
        [job] = await due();
      }
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
      log.error(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
        'job failed',
      );
      await recordFailure(job, error);
    }
  }

  /**
   * A failure is always recorded, with the next try or the end: its text without a query's
   * values, without what PostgreSQL's text refuses (NUL) and cut short. Should the database
   * refuse even that, a fixed text; should it take nothing, the pass still goes on to the next
   * job — one bad job never holds up the reminders and refunds behind it — and the lease lapses.
   */
  async function recordFailure(job: JobRow, error: unknown) {
    const now = clock();
    const record = (lastError: string) =>
      db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError,
          runAt: new Date(now.getTime() + backoffMs(job.attempts)),
          failedAt: job.attempts >= MAX_ATTEMPTS ? now : null,
        })
        .where(eq(jobs.id, job.id));
    for (const lastError of [
      describeError(error, { maxLength: LAST_ERROR_MAX_CHARS }),
      'The failure could not be recorded; the log has it (message "job failed", this jobId).',
    ]) {
      try {
        await record(lastError);
        return;
      } catch (recordError) {
        log.error({ err: recordError, jobId: job.id }, 'could not record a job failure');
      }
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
