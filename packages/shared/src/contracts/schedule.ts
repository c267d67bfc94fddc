import * as z from 'zod/mini';
import { daysBetween } from '../domain/calendar-date.ts';
import {
  HHMM,
  minutesOf,
  scheduleDateProblem,
  weeklyHoursProblems,
} from '../domain/weekly-hours.ts';
import type { ValidationMessageKey } from '../messages/validation.ts';
import { apiErrorSchema, successSchema } from './api-response.ts';
import { staffCancelReasonSchema } from './appointments.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { safeLine } from './field-checks.ts';

const time = z.string().check(z.regex(HHMM, 'scheduleTimeInvalid'));

export const weeklyRangeSchema = z.object({
  weekday: z.int('invalidValue').check(z.minimum(1, 'invalidValue'), z.maximum(7, 'invalidValue')),
  start: time,
  end: time,
});
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

/**
 * A change that would leave booked appointments outside the doctor's hours is refused with 409
 * and the list of them; sent again with `cancelBooked` and a reason for the patients, it cancels
 * them with a full refund (a doctor's cancellation, ADR 0012).
 */
const conflictResolution = {
  cancelBooked: z.optional(z.boolean()),
  cancelReason: z.optional(staffCancelReasonSchema),
};

/** The form that confirms such a cancellation: the reason the patients of those bookings read. */
export const cancelBookedFormSchema = z.object({ cancelReason: staffCancelReasonSchema });

type Resolution = { cancelBooked?: boolean | undefined; cancelReason?: string | undefined };
const conflictResolutionCheck = () =>
  z.refine<Resolution>((v) => !v.cancelBooked || Boolean(v.cancelReason), {
    message: 'cancelReasonRequired',
    path: ['cancelReason'],
  });

/** A rule broken by a schedule change, where the form shows it. */
export type ScheduleIssue = { path: (string | number)[]; message: ValidationMessageKey };

const WEEKLY_MESSAGES = {
  badTime: 'scheduleTimeInvalid',
  endBeforeStart: 'scheduleEndBeforeStart',
  tooShort: 'scheduleTooShort',
  overlap: 'scheduleOverlap',
} as const;

/**
 * The weekly-hours rules as form issues. The schema knows no doctor, so it checks without
 * `slotMinutes`; the service and the doctor's form check again with the doctor's slot length.
 */
export function weeklyHoursIssues(
  ranges: WeeklyRange[],
  options: { slotMinutes?: number } = {},
): ScheduleIssue[] {
  return weeklyHoursProblems(ranges, options).map((problem) =>
    problem.kind === 'tooMany'
      ? { path: ['ranges'], message: 'scheduleTooMany' }
      : { path: ['ranges', problem.index, 'end'], message: WEEKLY_MESSAGES[problem.kind] },
  );
}

/** PUT /api/doctor/schedule/weekly — the whole week at once. */
export const weeklyHoursRequestSchema = z
  .object({ ranges: z.array(weeklyRangeSchema), ...conflictResolution })
  .check(
    z.superRefine((value, ctx) => {
      for (const issue of weeklyHoursIssues(value.ranges))
        ctx.issues.push({ code: 'custom', input: value, ...issue });
    }),
    conflictResolutionCheck(),
  );
export type WeeklyHoursRequest = z.infer<typeof weeklyHoursRequestSchema>;

export const SCHEDULE_NOTE_MAX = 200;

/** POST /api/doctor/schedule/exceptions — time off (whole day, or from–to) or extra hours. */
export const scheduleExceptionRequestSchema = z
  .object({
    date: calendarDateSchema,
    kind: z.enum(['off', 'extra'], 'invalidValue'),
    start: z.optional(time),
    end: z.optional(time),
    note: z.optional(
      z.string().check(z.trim(), z.maxLength(SCHEDULE_NOTE_MAX, 'invalidValue'), safeLine()),
    ),
    ...conflictResolution,
  })
  .check(
    z.refine((v) => (v.start === undefined) === (v.end === undefined), {
      message: 'scheduleBothTimes',
      path: ['end'],
    }),
    z.refine((v) => v.kind === 'off' || v.start !== undefined, {
      message: 'scheduleBothTimes',
      path: ['start'],
    }),
    z.refine((v) => !v.start || !v.end || v.start < v.end, {
      message: 'scheduleEndBeforeStart',
      path: ['end'],
    }),
    conflictResolutionCheck(),
  );
export type ScheduleExceptionRequest = z.infer<typeof scheduleExceptionRequestSchema>;

/**
 * The rules of a dated change that need the doctor's day and slot length: not before today in
 * the doctor's zone, at most a year ahead, extra hours long enough for one slot.
 */
export function scheduleExceptionIssues(
  input: Pick<ScheduleExceptionRequest, 'date' | 'kind' | 'start' | 'end'>,
  { today, slotMinutes }: { today: string; slotMinutes: number },
): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const when = scheduleDateProblem(input.date, today);
  if (when)
    issues.push({
      path: ['date'],
      message: when === 'past' ? 'scheduleDatePast' : 'scheduleDateTooFar',
    });
  if (
    input.kind === 'extra' &&
    input.start &&
    input.end &&
    minutesOf(input.end) - minutesOf(input.start) < slotMinutes
  )
    issues.push({ path: ['end'], message: 'scheduleTooShort' });
  return issues;
}

/**
 * DELETE /api/doctor/schedule/exceptions/:id may need the same confirmation (extra hours). A
 * DELETE carries it in the query string, where a boolean arrives as the text `true`.
 */
export const removeExceptionRequestSchema = z
  .object({
    ...conflictResolution,
    cancelBooked: z.optional(z.stringbool({ error: 'invalidValue' })),
  })
  .check(conflictResolutionCheck());

export const scheduleExceptionSchema = z.object({
  _id: z.string(),
  date: z.string(),
  kind: z.enum(['off', 'extra']),
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type ScheduleExceptionEntry = z.infer<typeof scheduleExceptionSchema>;

export const doctorWeekScheduleSchema = z.object({
  timeZone: z.string(),
  slotMinutes: z.number(),
  weekly: z.array(weeklyRangeSchema),
  /** From today on; past ones no longer change anything. */
  exceptions: z.array(scheduleExceptionSchema),
});
export type DoctorWeekSchedule = z.infer<typeof doctorWeekScheduleSchema>;
export const doctorWeekScheduleResponseSchema = successSchema(doctorWeekScheduleSchema);

/** A booked appointment that a change would leave outside the doctor's hours. */
export const scheduleConflictSchema = z.object({
  _id: z.string(),
  date: z.string(),
  slot: z.string(),
  patientName: z.string(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

/** The free slots a schedule gives, for the doctor's preview (two weeks at most). */
export const SCHEDULE_PREVIEW_MAX_DAYS = 14;

/** What a change answers: the schedule now, and the appointments it cancelled (if confirmed). */
export const scheduleChangeResponseSchema = successSchema(
  z.object({ schedule: doctorWeekScheduleSchema, cancelled: z.array(scheduleConflictSchema) }),
);
export type ScheduleChange = z.infer<typeof scheduleChangeResponseSchema>['data'];

/** GET /api/doctor/schedule/preview?from&to — at most two weeks. */
export const schedulePreviewQuerySchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .check(
    z.refine((q) => q.from <= q.to, { message: 'invalidValue', path: ['to'] }),
    z.refine((q) => daysBetween(q.from, q.to) < SCHEDULE_PREVIEW_MAX_DAYS, {
      message: 'invalidValue',
      path: ['to'],
    }),
  );

/** The 409 of a change that would leave booked appointments outside the hours: which ones. */
export const scheduleConflictErrorSchema = z.extend(apiErrorSchema, {
  conflicts: z.optional(z.array(scheduleConflictSchema)),
});
