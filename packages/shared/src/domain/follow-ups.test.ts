import { describe, expect, it } from 'vitest';
import {
  followUpExpiresAt,
  followUpPriceMinor,
  followUpProposable,
  followUpState,
  followUpWeekWindow,
} from './follow-ups.ts';

const start = new Date('2026-11-23T08:00:00Z');
const at = (iso: string) => new Date(iso);

describe('when a follow-up may be proposed', () => {
  it('opens with the call and closes with the doctor’s 30 days on the patient’s data', () => {
    const visit = { status: 'upcoming', startsAt: start };
    expect(followUpProposable(visit, at('2026-11-23T07:44:59Z'))).toBe(false);
    expect(followUpProposable(visit, at('2026-11-23T07:45:00Z'))).toBe(true);
    const done = { status: 'completed', startsAt: start };
    expect(followUpProposable(done, at('2026-12-23T08:00:00Z'))).toBe(true);
    expect(followUpProposable(done, at('2026-12-23T08:00:00.001Z'))).toBe(false);
  });

  it('is never for a cancelled consultation, a no-show or an unpaid hold', () => {
    const now = at('2026-11-24T08:00:00Z');
    for (const status of ['cancelled', 'no_show', 'pending', 'expired'])
      expect(followUpProposable({ status, startsAt: start }, now)).toBe(false);
  });
});

describe('a follow-up’s terms', () => {
  it('lapses 14 days after it was made', () => {
    expect(followUpExpiresAt(at('2026-11-23T10:00:00Z'))).toEqual(at('2026-12-07T10:00:00Z'));
  });

  it('costs the clinic’s follow-up fee, else the consultation fee; 0 is free, not unset', () => {
    expect(followUpPriceMinor({ feeMinor: 6000, followUpFeeMinor: null })).toBe(6000);
    expect(followUpPriceMinor({ feeMinor: 6000, followUpFeeMinor: 3500 })).toBe(3500);
    expect(followUpPriceMinor({ feeMinor: 6000, followUpFeeMinor: 0 })).toBe(0);
  });

  it('reads "in about N weeks" as the week around that day, across a month end', () => {
    expect(followUpWeekWindow('2026-11-23', 2)).toEqual({ from: '2026-12-04', to: '2026-12-10' });
    expect(followUpWeekWindow('2026-12-28', 1)).toEqual({ from: '2027-01-01', to: '2027-01-07' });
  });
});

describe('a proposal’s state', () => {
  const open = { status: 'open', expiresAt: at('2026-12-07T10:00:00Z') };
  const now = at('2026-11-30T10:00:00Z');

  it('is open until it lapses, then expired', () => {
    expect(followUpState(open, null, now)).toBe('open');
    expect(followUpState(open, null, at('2026-12-07T10:00:00Z'))).toBe('expired');
    expect(followUpState({ ...open, status: 'withdrawn' }, null, now)).toBe('withdrawn');
  });

  it('is in checkout while its hold lives, and open again once the hold lapsed or was left', () => {
    const live = { status: 'pending', holdExpiresAt: at('2026-11-30T10:30:00Z') };
    expect(followUpState(open, live, now)).toBe('checkout');
    expect(followUpState(open, live, at('2026-11-30T10:30:00Z'))).toBe('open');
    expect(followUpState(open, { status: 'expired', holdExpiresAt: null }, now)).toBe('open');
  });

  it('is accepted once its appointment is booked, even after the proposal would have lapsed', () => {
    const booked = { status: 'upcoming', holdExpiresAt: null };
    expect(followUpState(open, booked, now)).toBe('accepted');
    expect(followUpState(open, booked, at('2027-01-01T00:00:00Z'))).toBe('accepted');
    // A payment still open when the proposal lapses may finish: it stays in checkout.
    const live = { status: 'pending', holdExpiresAt: at('2026-12-07T10:20:00Z') };
    expect(followUpState(open, live, at('2026-12-07T10:10:00Z'))).toBe('checkout');
  });
});
