import { RESCHEDULE_NOTICE_MS } from '../contracts/appointments.ts';
import { slotsForDate, type ScheduleException, type WeeklyInterval } from './slots.ts';
import { addDays } from './zoned-time.ts';

// "Tell me if something earlier frees up" (issue #20): who may ask, until when an alert stands,
// which freed times it is offered, and which times a change of a doctor's hours frees. Both apps
// apply these rules; `now` is a parameter (STYLE.md §5).

const DAY_MS = 86_400_000;

/**
 * An appointment may wait for an earlier time when it is at least two days away: moving it needs
 * 24 hours' notice (RESCHEDULE_NOTICE_MS, ADR 0012), so an alert asked for later would have less
 * than a day in which an offer could still be taken — too short to be worth a promise.
 */
export const WAITLIST_MIN_NOTICE_MS = 2 * DAY_MS;
/**
 * An alert without an appointment (a patient who found no convenient time) stands for two weeks:
 * they were looking for a time soon, and after two weeks their need has changed or been met
 * elsewhere. They may ask again.
 */
export const WAITLIST_OPEN_ENTRY_DAYS = 14;
/** Each freed time is offered to this many waiting patients at once (issue #20), oldest first. */
export const WAITLIST_OFFER_RECIPIENTS_MAX = 5;
/**
 * A freed time is offered when it starts at least this much later: an offer read on the way to
 * work, and the appointment's mails and reminders, need that long to be of use.
 */
export const WAITLIST_MIN_LEAD_MS = 60 * 60_000;

/** Whether an upcoming appointment may wait for an earlier time now. */
export function waitlistJoinAllowed(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= WAITLIST_MIN_NOTICE_MS;
}

/**
 * Until when an alert stands: the appointment's original start, or, without an appointment,
 * WAITLIST_OPEN_ENTRY_DAYS from now.
 */
export function waitlistExpiry(appointmentStartsAt: Date | null, now: Date): Date {
  return appointmentStartsAt ?? new Date(now.getTime() + WAITLIST_OPEN_ENTRY_DAYS * DAY_MS);
}

/**
 * Whether a freed time may be offered to a waiting patient: it starts late enough to be of use,
 * and, for an appointment to move, it is earlier than the appointment, which can still be moved
 * (the reschedule rule's 24 hours' notice; a later offer could not be taken).
 */
export function offerFits(
  slotStartsAt: Date,
  appointmentStartsAt: Date | null,
  now: Date,
): boolean {
  if (slotStartsAt.getTime() - now.getTime() < WAITLIST_MIN_LEAD_MS) return false;
  if (appointmentStartsAt === null) return true;
  return (
    slotStartsAt.getTime() < appointmentStartsAt.getTime() &&
    appointmentStartsAt.getTime() - now.getTime() >= RESCHEDULE_NOTICE_MS
  );
}

type Hours = { weekly: WeeklyInterval[]; exceptions: ScheduleException[] };

/**
 * The starts a change of a doctor's hours adds (new weekly hours, extra hours, time off taken
 * back) from `today` through `lastDate`, in time order: what the waiting patients may be offered.
 * Times the change removes are not freed; times offered before and after are not news.
 */
export function newlyOfferedStarts({
  before,
  after,
  timeZone,
  slotMinutes,
  today,
  lastDate,
}: {
  before: Hours;
  after: Hours;
  timeZone: string;
  slotMinutes: number;
  today: string;
  lastDate: string;
}): Date[] {
  const added: Date[] = [];
  for (let date = today; date <= lastDate; date = addDays(date, 1)) {
    const slots = (hours: Hours) =>
      slotsForDate({
        date,
        timeZone,
        slotMinutes,
        weekly: hours.weekly,
        exceptions: hours.exceptions,
      });
    const old = new Set(slots(before).map((s) => s.startsAt.getTime()));
    for (const s of slots(after)) if (!old.has(s.startsAt.getTime())) added.push(s.startsAt);
  }
  return added;
}
