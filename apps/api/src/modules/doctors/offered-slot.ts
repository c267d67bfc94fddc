import { slotsForDate } from '@vizita/shared/domain/slots';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { heldStarts } from '../appointments/taken-slots.ts';
import * as doctorsRepo from './repo.ts';

/**
 * The UTC start and end of a slot the doctor offers on a local date within `windowDays` from the
 * doctor's today, and that has not begun: what a booking or a reschedule may take. Whether someone
 * holds it is for the unique index to decide, not for a read here.
 */
export async function offeredSlot(
  db: Db,
  {
    doctorId,
    date,
    slot,
    now,
    windowDays,
    outsideWindow = 'slotNotOffered',
  }: {
    doctorId: string;
    date: string;
    slot: string;
    now: Date;
    windowDays: number;
    outsideWindow?: ApiErrorCode;
  },
) {
  const profile = await doctorsRepo.findBookableDoctor(db, doctorId);
  if (!profile) throw new ApiError(404, 'doctorNotFound');
  const today = zonedDateAndSlot(now, profile.timeZone).date;
  if (date < today || date > addDays(today, windowDays)) throw new ApiError(400, outsideWindow);
  const [weekly, exceptions] = await Promise.all([
    doctorsRepo.weeklyHours(db, doctorId),
    doctorsRepo.exceptionsBetween(db, doctorId, date, date),
  ]);
  const match = slotsForDate({
    date,
    timeZone: profile.timeZone,
    slotMinutes: profile.slotMinutes,
    weekly: weekly.map((w) => ({ weekday: w.weekday, start: w.startTime, end: w.endTime })),
    exceptions: exceptions.map((e) => ({
      date: e.date,
      kind: e.kind,
      start: e.startTime,
      end: e.endTime,
    })),
  }).find((s) => s.slot === slot);
  if (!match || match.startsAt <= now) throw new ApiError(400, 'slotNotOffered');
  return {
    startsAt: match.startsAt,
    endsAt: new Date(match.startsAt.getTime() + profile.slotMinutes * 60_000),
    timeZone: profile.timeZone,
    // The doctor's fee at the moment of booking: what this appointment costs.
    feeMinor: profile.feeMinor,
  };
}

/**
 * The doctor's slot that starts at `startsAt` when the doctor is active, offers that very instant
 * within the booking window, and nobody holds it — who could take over an appointment then.
 * Null otherwise. Only a read: the unique index still decides when the appointment moves.
 */
export async function freeSlotAt(db: Db, doctorId: string, startsAt: Date, now: Date) {
  const profile = await doctorsRepo.findBookableDoctor(db, doctorId);
  if (!profile) return null;
  const { date, slot } = zonedDateAndSlot(startsAt, profile.timeZone);
  const offered = await offeredSlot(db, {
    doctorId,
    date,
    slot,
    now,
    windowDays: BOOKING_WINDOW_DAYS,
  }).catch((error: unknown) => {
    if (error instanceof ApiError) return null;
    throw error;
  });
  if (!offered || offered.startsAt.getTime() !== startsAt.getTime()) return null;
  const held = await heldStarts(db, doctorId, startsAt, new Date(startsAt.getTime() + 1), now);
  return held.has(startsAt.getTime()) ? null : offered;
}
