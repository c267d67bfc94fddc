import { describe, expect, it } from 'vitest';
import { refundIsDue, rescheduleAllowed } from './appointment-policy.ts';

const startsAt = new Date('2026-03-29T09:00:00Z');
const HOUR_MS = 3_600_000;
const before = (ms: number) => new Date(startsAt.getTime() - ms);

describe('refundIsDue', () => {
  const visit = { startsAt, plan: 'consultation' };
  it('refunds a patient who cancels 24 hours or more before the start, exactly 24 included', () => {
    expect(refundIsDue('patient', visit, before(48 * HOUR_MS))).toBe(true);
    expect(refundIsDue('patient', visit, before(24 * HOUR_MS))).toBe(true);
  });

  it('refunds nothing to a patient who cancels later', () => {
    expect(refundIsDue('patient', visit, before(24 * HOUR_MS - 1))).toBe(false);
    expect(refundIsDue('patient', visit, before(0))).toBe(false);
  });

  it("always refunds the doctor's and the clinic's cancellations", () => {
    for (const by of ['doctor', 'clinic'] as const) {
      expect(refundIsDue(by, visit, before(HOUR_MS))).toBe(true);
      expect(refundIsDue(by, visit, before(-HOUR_MS))).toBe(true);
    }
  });

  it('counts real elapsed time across a DST change, not wall-clock hours', () => {
    // Europe/Berlin springs forward on 2026-03-29 at 02:00: 24 real hours before 11:00 local
    // (09:00Z) is 10:00 local the day before, not 11:00.
    expect(refundIsDue('patient', visit, new Date('2026-03-28T09:00:00Z'))).toBe(true);
    expect(refundIsDue('patient', visit, new Date('2026-03-28T09:00:01Z'))).toBe(false);
  });

  it('refunds a prescription request its patient withdraws, whenever she does', () => {
    // A request "starts" when it is made: it holds no doctor's time that could go unused.
    const request = { startsAt, plan: 'prescription' };
    expect(refundIsDue('patient', request, before(-HOUR_MS))).toBe(true);
    expect(refundIsDue('patient', request, before(0))).toBe(true);
  });
});

describe('rescheduleAllowed', () => {
  it('allows a move with the same notice as a full refund, and not inside it', () => {
    expect(rescheduleAllowed(startsAt, before(24 * HOUR_MS))).toBe(true);
    expect(rescheduleAllowed(startsAt, before(24 * HOUR_MS - 1))).toBe(false);
    expect(rescheduleAllowed(startsAt, before(-HOUR_MS))).toBe(false);
  });

  it('never allows a move of a start that cannot be read', () => {
    expect(rescheduleAllowed(new Date(Number.NaN), before(48 * HOUR_MS))).toBe(false);
  });
});
