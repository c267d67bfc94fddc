import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import type { ScheduleException, WeeklyInterval } from '@vizita/shared/domain/slots';
import { newlyOfferedStarts } from '@vizita/shared/domain/waitlist';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Tx } from '../../db/client.ts';
import { appointments, doctorProfiles, waitlistEntries } from '../../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';

// What the waitlist module publishes for the modules that free a doctor's time: appointments (a
// cancellation, a reschedule's old slot, a reassignment's old doctor) and schedules (new weekly
// hours, extra hours, time off taken back). Each calls it in the transaction of its change, so the
// offers are due exactly when the change is committed (ADR 0013). A lapsed checkout hold is not
// news: it is frequent, lasts 30 minutes, and its patient usually pays or retries at once.

export const WAITLIST_OFFER_JOB = 'waitlist-offer';
/**
 * Freed times one job carries, the earliest first: a new weekday of hours frees dozens in the
 * booking window, and the earliest are the ones a waiting patient wants.
 */
export const FREED_SLOTS_PER_JOB_MAX = 50;

/** Whether anyone waits for this doctor: by name, by one of their specialties, or to move an appointment with them. */
async function anyoneWaitsFor(tx: Tx, doctorId: string) {
  const rows = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        sql`(coalesce(${appointments.doctorId}, ${waitlistEntries.doctorId}) = ${doctorId}
          or (${isNull(waitlistEntries.doctorId)} and ${waitlistEntries.specialty} = any (
            select unnest(${doctorProfiles.specialties}) from ${doctorProfiles}
            where ${doctorProfiles.userId} = ${doctorId})))`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The doctor's times at `startsAt` were freed: queues the job that offers them to the waiting
 * patients (waitlist/service.ts), unless nobody waits. A new job per change — the same time may be
 * freed again after being taken — while the offers' unique index keeps one patient from being
 * offered one time twice.
 */
export async function slotsFreed(
  tx: Tx,
  { doctorId, startsAt, now }: { doctorId: string; startsAt: Date[]; now: Date },
) {
  const future = [...new Set(startsAt.map((d) => d.getTime()))]
    .filter((ms) => ms > now.getTime())
    .sort((a, b) => a - b)
    .slice(0, FREED_SLOTS_PER_JOB_MAX);
  if (future.length === 0 || !(await anyoneWaitsFor(tx, doctorId))) return;
  await enqueue(tx, {
    kind: WAITLIST_OFFER_JOB,
    key: `${WAITLIST_OFFER_JOB}:${doctorId}:${randomUUID()}`,
    runAt: now,
    payload: {
      doctorId,
      starts: future.map((ms) => new Date(ms).toISOString()).join(','),
      // The offers of this freeing are counted from here (WAITLIST_OFFER_RECIPIENTS_MAX).
      freedAt: now.toISOString(),
    },
  });
}

type Hours = { weekly: WeeklyInterval[]; exceptions: ScheduleException[] };

/**
 * The doctor's hours changed from `before` to `after`: the times the change adds within the
 * booking window are freed.
 */
export async function hoursChanged(
  tx: Tx,
  {
    doctorId,
    profile,
    before,
    after,
    now,
  }: {
    doctorId: string;
    profile: { timeZone: string; slotMinutes: number };
    before: Hours;
    after: Hours;
    now: Date;
  },
) {
  const today = zonedDateAndSlot(now, profile.timeZone).date;
  const added = newlyOfferedStarts({
    before,
    after,
    timeZone: profile.timeZone,
    slotMinutes: profile.slotMinutes,
    today,
    lastDate: addDays(today, BOOKING_WINDOW_DAYS),
  });
  await slotsFreed(tx, { doctorId, startsAt: added, now });
}
