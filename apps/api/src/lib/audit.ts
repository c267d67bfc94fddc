import type { AuditEvent } from '@vizita/shared/domain/audit-events';
import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { containing, personMatches } from './person-match.ts';

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

/**
 * Records a security-relevant event (ARCHITECTURE.md §4), in the caller's transaction when it
 * has one: an event is logged exactly when what it describes is committed. Every module audits,
 * so this lives in lib/, not in the first module that needed it (STYLE.md §9a).
 */
export async function audit(
  db: Tx,
  event: AuditEvent,
  values: {
    userId?: string | null;
    /** Whose record the event concerns (a patient whose profile a doctor read). */
    subjectUserId?: string | null;
    ip?: string | null;
    meta?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    event,
    userId: values.userId ?? null,
    subjectUserId: values.subjectUserId ?? null,
    ip: values.ip ?? null,
    meta: values.meta ?? {},
  });
}

/**
 * One page of the audit log, newest first, with who acted and whose record it concerns (the
 * clinic's read-only view), and how many entries match in all.
 */
export async function searchAuditLog(
  db: Tx,
  filter: {
    /** Who acted, or whose record it concerns: an id, or part of a name or e-mail. */
    actor?: string | undefined;
    subject?: string | undefined;
    /** Part of the event's name. */
    action?: string | undefined;
    /** Logged at or after this instant, and before `to`. */
    from?: Date | undefined;
    to?: Date | undefined;
  },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.actor ? personMatches(actors, filter.actor) : undefined,
    filter.subject ? personMatches(subjects, filter.subject) : undefined,
    filter.action ? ilike(auditLog.event, containing(filter.action)) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: actors, subject: subjects })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.userId))
      .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.userId))
      .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
