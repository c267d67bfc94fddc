import type { AuditEvent } from '@vizita/shared/domain/audit-events';
import {
  scheduleExceptionIssues,
  weeklyHoursIssues,
  type DoctorWeekSchedule,
  type ScheduleConflict,
  type ScheduleExceptionRequest,
  type WeeklyHoursRequest,
} from '@vizita/shared/contracts/schedule';
import {
  slotsForDate,
  type ScheduleException,
  type WeeklyInterval,
} from '@vizita/shared/domain/slots';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppointmentService } from '../appointments/service.ts';
import { audit } from '../../lib/audit.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import { hoursChanged } from '../waitlist/slots-freed.ts';
import * as repo from './repo.ts';

type Resolution = { cancelBooked?: boolean | undefined; cancelReason?: string | undefined };
type Profile = { timeZone: string; slotMinutes: number };

/**
 * A doctor's hours: weekly ranges and dated exceptions, changed by the doctor in the console, by an
 * admin for them, or by an operator from the command line — one implementation for all three.
 * A change that would leave booked appointments outside the hours is refused with the list of
 * them (409), or, when confirmed, made together with their cancellation and full refund.
 */
export function createScheduleService({
  db,
  clock,
  appointments,
}: {
  db: Db;
  clock: Clock;
  /** Cancels as the doctor: always refunded (ADR 0012), the patient mailed. */
  appointments: Pick<AppointmentService, 'cancel'>;
}) {
  async function profileOf(doctorId: string): Promise<Profile> {
    const profile = await findDoctorProfile(db, doctorId);
    if (!profile) throw new ApiError(404, 'doctorNotFound');
    return profile;
  }

  /** Booked appointments that the given hours would no longer offer. */
  async function conflictsWith(
    doctorId: string,
    profile: Profile,
    weekly: WeeklyInterval[],
    exceptions: ScheduleException[],
  ): Promise<ScheduleConflict[]> {
    const booked = await repo.bookedAhead(db, doctorId, clock());
    const offered = new Map<string, Set<number>>();
    return booked.flatMap((a) => {
      const { date, slot } = zonedDateAndSlot(a.startsAt, profile.timeZone);
      let day = offered.get(date);
      if (!day) {
        day = new Set(
          slotsForDate({
            date,
            timeZone: profile.timeZone,
            slotMinutes: profile.slotMinutes,
            weekly,
            exceptions,
          }).map((s) => s.startsAt.getTime()),
        );
        offered.set(date, day);
      }
      return day.has(a.startsAt.getTime())
        ? []
        : [{ _id: a.id, date, slot, patientName: `${a.firstName} ${a.lastName}` }];
    });
  }

  /**
   * Applies a change when nothing booked falls outside it, or when the doctor confirmed the
   * cancellations; then cancels those appointments (each its own transaction, refund and mail).
   */
  async function change(
    doctorId: string,
    actorId: string | null,
    next: { weekly: WeeklyInterval[]; exceptions: ScheduleException[] },
    resolution: Resolution,
    write: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
    event: AuditEvent,
  ) {
    const profile = await profileOf(doctorId);
    const conflicts = await conflictsWith(doctorId, profile, next.weekly, next.exceptions);
    if (conflicts.length > 0 && !resolution.cancelBooked)
      throw new ApiError(409, 'scheduleConflict', { conflicts });
    const before = await current(doctorId);
    await db.transaction(async (tx) => {
      await write(tx);
      // Times the change adds (new hours, time off taken back) go to the patients waiting.
      await hoursChanged(tx, {
        doctorId,
        profile,
        before: { weekly: before.weekly, exceptions: before.exceptions.map(asException) },
        after: next,
        now: clock(),
      });
      await audit(tx, event, {
        userId: actorId,
        subjectUserId: doctorId,
        meta: { cancelled: conflicts.map((c) => c._id) },
      });
    });
    for (const conflict of conflicts)
      await appointments
        .cancel(doctorId, conflict._id, resolution.cancelReason!)
        .catch((error: unknown) => {
          // Cancelled by the patient, or begun (no longer the doctor's to cancel), meanwhile.
          if (!(error instanceof ApiError && error.statusCode < 500)) throw error;
        });
    return conflicts;
  }

  async function current(doctorId: string) {
    const today = zonedDateAndSlot(clock(), (await profileOf(doctorId)).timeZone).date;
    const [weekly, exceptions] = await Promise.all([
      repo.weekly(db, doctorId),
      repo.exceptionsFrom(db, doctorId, today),
    ]);
    return { weekly, exceptions };
  }

  const asException = (e: {
    date: string;
    kind: 'off' | 'extra';
    startTime: string | null;
    endTime: string | null;
  }) => ({
    date: e.date,
    kind: e.kind,
    start: e.startTime,
    end: e.endTime,
  });

  const service = {
    async get(doctorId: string): Promise<DoctorWeekSchedule> {
      const profile = await profileOf(doctorId);
      const { weekly, exceptions } = await current(doctorId);
      return {
        timeZone: profile.timeZone,
        slotMinutes: profile.slotMinutes,
        weekly,
        exceptions: exceptions.map((e) => ({
          _id: e.id,
          date: e.date,
          kind: e.kind,
          start: e.startTime,
          end: e.endTime,
          note: e.note,
        })),
      };
    },

    async setWeekly(doctorId: string, actorId: string | null, input: WeeklyHoursRequest) {
      const { slotMinutes } = await profileOf(doctorId);
      const issues = weeklyHoursIssues(input.ranges, { slotMinutes });
      if (issues.length > 0) throw validationError(issues);
      const { exceptions } = await current(doctorId);
      const cancelled = await change(
        doctorId,
        actorId,
        { weekly: input.ranges, exceptions: exceptions.map(asException) },
        input,
        (tx) => repo.replaceWeekly(tx, doctorId, input.ranges),
        'schedule.weekly_updated',
      );
      return { schedule: await service.get(doctorId), cancelled };
    },

    async addException(doctorId: string, actorId: string | null, input: ScheduleExceptionRequest) {
      const { timeZone, slotMinutes } = await profileOf(doctorId);
      const today = zonedDateAndSlot(clock(), timeZone).date;
      const issues = scheduleExceptionIssues(input, { today, slotMinutes });
      if (issues.length > 0) throw validationError(issues);
      const { weekly, exceptions } = await current(doctorId);
      const added = {
        date: input.date,
        kind: input.kind,
        start: input.start ?? null,
        end: input.end ?? null,
      };
      const cancelled = await change(
        doctorId,
        actorId,
        { weekly, exceptions: [...exceptions.map(asException), added] },
        input,
        async (tx) => {
          await repo.insertException(tx, {
            doctorId,
            date: input.date,
            kind: input.kind,
            startTime: input.start ?? null,
            endTime: input.end ?? null,
            note: input.note || null,
          });
        },
        input.kind === 'off' ? 'schedule.time_off_added' : 'schedule.extra_hours_added',
      );
      return { schedule: await service.get(doctorId), cancelled };
    },

    async removeException(
      doctorId: string,
      actorId: string | null,
      id: string,
      resolution: Resolution,
    ) {
      const { weekly, exceptions } = await current(doctorId);
      if (!exceptions.some((e) => e.id === id))
        throw new ApiError(404, 'scheduleExceptionNotFound');
      const cancelled = await change(
        doctorId,
        actorId,
        { weekly, exceptions: exceptions.filter((e) => e.id !== id).map(asException) },
        resolution,
        async (tx) => {
          if (!(await repo.deleteException(tx, doctorId, id)))
            throw new ApiError(404, 'scheduleExceptionNotFound');
        },
        'schedule.exception_removed',
      );
      return { schedule: await service.get(doctorId), cancelled };
    },
  };
  return service;
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
