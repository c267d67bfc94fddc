import { PATIENT_DATA_AFTER_START_MS } from './doctor-access.ts';
import { JOIN_OPENS_BEFORE_MS } from './join-window.ts';
import { addDays } from './zoned-time.ts';

// A follow-up visit the doctor proposes after a consultation (issue #20, the spec's `follow-up`
// plan): when it may be proposed, what it costs, until when it stands, and what state it is in.

const DAY_MS = 86_400_000;

/**
 * A proposal stands for two weeks: the doctor plans the next visit for the coming weeks, and
 * after two weeks their calendar (and the reason for the visit) has moved on — a stale proposal
 * would offer the patient times that no longer fit.
 */
export const FOLLOW_UP_LIFETIME_DAYS = 14;
/**
 * "In about N weeks" means the week around that day: N weeks from the day it was proposed, this
 * many days before or after, so the patient can fit it into their own week.
 */
export const FOLLOW_UP_WEEK_SPREAD_DAYS = 3;

type Visit = { status: string; startsAt: Date };

/**
 * Whether the appointment's doctor may propose a follow-up now: once the call has opened (during
 * the consultation, or after it) and while the patient's data is open to the doctor (ADR 0016's
 * 30 days) — for a consultation that took place or is taking place, not a cancelled one or a
 * no-show.
 */
export function followUpProposable({ status, startsAt }: Visit, now: Date): boolean {
  if (status !== 'upcoming' && status !== 'completed') return false;
  const t = now.getTime();
  return (
    t >= startsAt.getTime() - JOIN_OPENS_BEFORE_MS &&
    t <= startsAt.getTime() + PATIENT_DATA_AFTER_START_MS
  );
}

/** When a proposal made at `createdAt` lapses. */
export const followUpExpiresAt = (createdAt: Date) =>
  new Date(createdAt.getTime() + FOLLOW_UP_LIFETIME_DAYS * DAY_MS);

/**
 * The price of a follow-up visit, in the doctor's currency's minor units (ADR 0018): the clinic's
 * follow-up fee for the doctor — lower, or 0 for a free one — or, when it set none, the doctor's
 * consultation fee.
 */
export function followUpPriceMinor(profile: { feeMinor: number; followUpFeeMinor: number | null }) {
  return profile.followUpFeeMinor ?? profile.feeMinor;
}

/**
 * The days a patient may choose from for "in about `weeks` weeks", as local dates of the doctor's
 * calendar: the week around the day `weeks` weeks after `proposedOn`.
 */
export function followUpWeekWindow(proposedOn: string, weeks: number) {
  const target = addDays(proposedOn, weeks * 7);
  return {
    from: addDays(target, -FOLLOW_UP_WEEK_SPREAD_DAYS),
    to: addDays(target, FOLLOW_UP_WEEK_SPREAD_DAYS),
  };
}

/** What a proposal is now, for everyone who reads it. */
export const FOLLOW_UP_STATES = ['open', 'checkout', 'accepted', 'withdrawn', 'expired'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/**
 * A proposal's state at `now`, from its stored status and the appointment its acceptance took
 * (if any): `accepted` once that appointment is booked (paid, or free); `checkout` while its
 * payment hold lives; otherwise `withdrawn` or `expired` when it is, and `open` — also again
 * after a checkout was left or lapsed, so the patient can choose once more.
 */
export function followUpState(
  proposal: { status: string; expiresAt: Date },
  taken: { status: string; holdExpiresAt: Date | null } | null,
  now: Date,
): FollowUpState {
  if (taken && ['upcoming', 'completed', 'no_show', 'cancelled'].includes(taken.status))
    return 'accepted';
  if (proposal.status === 'accepted') return 'accepted';
  if (proposal.status === 'withdrawn') return 'withdrawn';
  if (
    taken?.status === 'pending' &&
    (taken.holdExpiresAt === null || taken.holdExpiresAt.getTime() > now.getTime())
  )
    return 'checkout';
  if (proposal.status === 'expired' || now.getTime() >= proposal.expiresAt.getTime())
    return 'expired';
  return 'open';
}
