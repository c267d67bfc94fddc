import { and, eq, inArray, isNotNull, isNull, like, lt, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  auditLog,
  consents,
  guestInvitations,
  jobs,
  localCheckoutSessions,
  mailOutbox,
  meetingEvents,
  notifications,
  oneTimeTokens,
  payments,
  sessions,
  trustedDevices,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { cutoff } from './policy.ts';

/** How often one instance prunes: the periods are days, a pass costs a few index scans. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Unconfirmed registrations are removed in batches, so one pass never holds many locks. */
const REGISTRATION_BATCH = 200;

/**
 * Applies the retention table (policy.ts, ADR 0026): deletes what has outlived its period. Every
 * statement is a plain DELETE by time, idempotent and safe beside another instance doing the same.
 */
export function createRetention(deps: { db: Db; clock: Clock; rateLimiter: RateLimiter }) {
  const { db, clock } = deps;
  let lastRunAt: number | undefined;

  /** Patients who registered long ago and never confirmed the address, with nothing booked. */
  async function pruneUnconfirmedRegistrations(now: Date): Promise<number> {
    const stale = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.userType, 'patient'),
          isNull(users.emailValidatedAt),
          isNull(users.erasedAt),
          lt(users.createdAt, cutoff('unconfirmedRegistrations', now)),
          sql`not exists (select 1 from ${appointments} where ${appointments.patientId} = ${users.id})`,
          sql`not exists (select 1 from ${payments} where ${payments.patientId} = ${users.id})`,
        ),
      )
      .limit(REGISTRATION_BATCH);
    if (stale.length === 0) return 0;
    const ids = stale.map((u) => u.id);
    await db.transaction(async (tx) => {
      await tx.delete(consents).where(inArray(consents.userId, ids));
      // Attempts to register the address again name it; the rest of its audit loses the link.
      await tx.delete(auditLog).where(
        inArray(
          sql`${auditLog.meta}->>'email'`,
          stale.map((u) => u.email),
        ),
      );
      // Sessions, tokens, profile and two-factor rows go with the user (ON DELETE CASCADE).
      await tx.delete(users).where(inArray(users.id, ids));
    });
    return stale.length;
  }

  /** One pass over every rule; answers how many rows each removed. */
  async function prune(): Promise<Record<string, number>> {
    const now = clock();
    // node-postgres answers a DELETE with its row count; the rows themselves are not fetched.
    const count = async (query: Promise<{ rowCount: number | null }>) =>
      (await query).rowCount ?? 0;
    const removed: Record<string, number> = {};

    await deps.rateLimiter.prune();
    removed.endedSessions = await count(
      db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, cutoff('endedSessions', now)),
            lt(sessions.revokedAt, cutoff('endedSessions', now)),
          ),
        ),
    );
    removed.oneTimeTokens = await count(
      db
        .delete(oneTimeTokens)
        .where(
          or(
            lt(oneTimeTokens.expiresAt, cutoff('oneTimeTokens', now)),
            lt(oneTimeTokens.consumedAt, cutoff('oneTimeTokens', now)),
          ),
        ),
    );
    // A remembered device is worth nothing once it expired: there is no period after it.
    removed.trustedDevices = await count(
      db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, now)),
    );
    removed.unconfirmedRegistrations = await pruneUnconfirmedRegistrations(now);
    removed.jobs = await count(
      db
        .delete(jobs)
        .where(
          or(
            and(isNotNull(jobs.doneAt), lt(jobs.doneAt, cutoff('doneJobs', now))),
            and(isNotNull(jobs.failedAt), lt(jobs.failedAt, cutoff('failedJobs', now))),
          ),
        ),
    );
    removed.mailOutbox = await count(
      db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff('mailOutbox', now))),
    );
    removed.localCheckoutSessions = await count(
      db
        .delete(localCheckoutSessions)
        .where(
          lt(
            sql`coalesce(${localCheckoutSessions.completedAt}, ${localCheckoutSessions.expiresAt})`,
            cutoff('localCheckoutSessions', now),
          ),
        ),
    );
    removed.guestInvitations = await count(
      db.delete(guestInvitations).where(
        inArray(
          guestInvitations.appointmentId,
          db
            .select({ id: appointments.id })
            .from(appointments)
            .where(lt(appointments.startsAt, cutoff('guestInvitations', now))),
        ),
      ),
    );
    removed.meetingMetadata =
      (await count(
        db
          .delete(auditLog)
          .where(
            and(
              like(auditLog.event, 'meeting.%'),
              lt(auditLog.createdAt, cutoff('meetingMetadata', now)),
            ),
          ),
      )) +
      // The rooms' own record (joins, admissions, leaves) goes with the same rule.
      (await count(
        db.delete(meetingEvents).where(lt(meetingEvents.at, cutoff('meetingMetadata', now))),
      ));
    // Their offers go with them (cascade).
    removed.waitlistEntries = await count(
      db
        .delete(waitlistEntries)
        .where(lt(waitlistEntries.expiresAt, cutoff('waitlistEntries', now))),
    );
    removed.readNotifications = await count(
      db
        .delete(notifications)
        .where(
          and(
            isNotNull(notifications.readAt),
            lt(notifications.readAt, cutoff('readNotifications', now)),
          ),
        ),
    );
    removed.auditLog = await count(
      db
        .delete(auditLog)
        .where(
          and(
            notLike(auditLog.event, 'meeting.%'),
            lt(auditLog.createdAt, cutoff('auditLog', now)),
          ),
        ),
    );
    lastRunAt = now.getTime();
    return removed;
  }

  return {
    prune,
    /** The background loop's task: a pass at most once an hour (by the clock, so tests can jump). */
    async pruneIfDue() {
      if (lastRunAt !== undefined && clock().getTime() - lastRunAt < PRUNE_EVERY_MS) return;
      await prune();
    },
  };
}
export type Retention = ReturnType<typeof createRetention>;
