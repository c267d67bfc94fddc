import type { AvailabilityEntry } from '@vizita/shared/contracts/doctors';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import { slotsForDate } from '@vizita/shared/domain/slots';
import { addDays, zonedDateAndSlot, zonedTimeToUtc } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { KeptAnswer } from '../../lib/kept-answer.ts';
import { takenSlots } from '../appointments/taken-slots.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

type OfferedTime = { slot: string; startsAt: string; at: number };

/**
 * One doctor's booking window (spec §7: today and the 60 days after it) as the database had it:
 * every working slot, and the slots taken. What the clock changes — a slot that begins, a hold
 * that lapses — is applied when it is read (freeDaysAt), so the window stays true until a change
 * is written or the day ends.
 */
export type BookingWindow = {
  /** The local day it was computed for, as instants: "today", and so the window, is that day. */
  validFrom: number;
  validUntil: number;
  days: { date: string; times: OfferedTime[]; entry: AvailabilityEntry }[];
  /** Start → end of the hold (null: booked, never lapses), epoch ms. */
  taken: Map<number, number | null>;
  /** Answers already serialized, by range, each true from `since` until `until` (service.ts). */
  answers: Map<string, { answer: KeptAnswer; since: number; until: number }>;
};

function entryOf(date: string, times: OfferedTime[]): AvailabilityEntry {
  return {
    date,
    slots: times.map((t) => t.slot),
    times: times.map(({ slot, startsAt }) => ({ slot, startsAt })),
  };
}

/** The instant a local date begins; in a zone whose midnight does not exist that day, 01:00. */
function startOfDay(date: string, timeZone: string): number {
  const midnight =
    zonedTimeToUtc(date, '00:00', timeZone) ?? zonedTimeToUtc(date, '01:00', timeZone);
  return midnight!.getTime();
}

/**
 * Every working slot of the doctor from today to the window's last day, and the slots taken in
 * it; undefined for a doctor patients cannot book.
 */
export async function bookingWindowOf(
  db: Db,
  doctorId: string,
  now: Date,
): Promise<BookingWindow | undefined> {
  const profile = await repo.findBookableDoctor(db, doctorId);
  if (!profile) return undefined;
  const today = zonedDateAndSlot(now, profile.timeZone).date;
  const last = addDays(today, BOOKING_WINDOW_DAYS);
  const [weekly, exceptions, taken] = await Promise.all([
    repo.weeklyHours(db, doctorId),
    repo.exceptionsBetween(db, doctorId, today, last),
    // A day either side covers every zone's offset from UTC.
    takenSlots(
      db,
      doctorId,
      new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS),
      new Date(Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS),
      now,
    ),
  ]);
  const weeklyIntervals = weekly.map((w) => ({
    weekday: w.weekday,
    start: w.startTime,
    end: w.endTime,
  }));
  const dated = exceptions.map((e) => ({
    date: e.date,
    kind: e.kind,
    start: e.startTime,
    end: e.endTime,
  }));
  const days: BookingWindow['days'] = [];
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const times = slotsForDate({
      date,
      timeZone: profile.timeZone,
      slotMinutes: profile.slotMinutes,
      weekly: weeklyIntervals,
      exceptions: dated,
    }).map((s) => ({ slot: s.slot, startsAt: s.startsAt.toISOString(), at: s.startsAt.getTime() }));
    if (times.length > 0) days.push({ date, times, entry: entryOf(date, times) });
  }
  return {
    validFrom: startOfDay(today, profile.timeZone),
    validUntil: startOfDay(addDays(today, 1), profile.timeZone),
    days,
    taken,
    answers: new Map(),
  };
}

/**
 * The free slots between two local dates at `now` — not begun, not taken — and `until`, the next
 * instant the answer changes by the clock alone: the first of them begins, a hold among them
 * lapses, or the day ends.
 */
export function freeDaysAt(
  window: BookingWindow,
  startDate: string,
  endDate: string,
  now: number,
): { entries: AvailabilityEntry[]; until: number } {
  let until = window.validUntil;
  const entries: AvailabilityEntry[] = [];
  for (const day of window.days) {
    if (day.date < startDate || day.date > endDate) continue;
    const free = day.times.filter((t) => {
      if (t.at <= now) return false;
      const holdEnds = window.taken.get(t.at);
      if (holdEnds === undefined || (holdEnds !== null && holdEnds <= now)) {
        until = Math.min(until, t.at);
        return true;
      }
      if (holdEnds !== null) until = Math.min(until, holdEnds);
      return false;
    });
    // Most days have nothing begun or taken: their entry is reused as it is.
    if (free.length === day.times.length) entries.push(day.entry);
    else if (free.length > 0) entries.push(entryOf(day.date, free));
  }
  return { entries, until };
}
