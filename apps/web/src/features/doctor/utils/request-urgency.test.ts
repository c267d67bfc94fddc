import { describe, expect, it } from 'vitest';
import { answerIsUrgent } from './request-urgency';

describe('an urgent prescription request in the doctor’s queue', () => {
  const answerBy = '2026-11-24T17:00:00.000Z';

  it('stands out with less than 12 hours to its deadline', () => {
    expect(answerIsUrgent(answerBy, new Date('2026-11-24T05:00:00.001Z'))).toBe(true);
    expect(answerIsUrgent(answerBy, new Date('2026-11-24T16:59:00.000Z'))).toBe(true);
    // Past its deadline (the clinic cancels it shortly): still urgent, never calm.
    expect(answerIsUrgent(answerBy, new Date('2026-11-24T17:30:00.000Z'))).toBe(true);
  });

  it('does not with 12 hours or more left', () => {
    expect(answerIsUrgent(answerBy, new Date('2026-11-24T05:00:00.000Z'))).toBe(false);
    expect(answerIsUrgent(answerBy, new Date('2026-11-23T17:00:00.000Z'))).toBe(false);
  });
});
