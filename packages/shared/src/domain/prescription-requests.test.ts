import { describe, expect, it } from 'vitest';
import {
  PRESCRIPTION_ANSWER_HOURS,
  prescriptionAnswerBy,
  prescriptionPriceMinor,
  prescriptionRequestable,
} from './prescription-requests.ts';

const DAY_MS = 86_400_000;

describe('prescription requests', () => {
  const visit = new Date('2026-01-10T09:00:00Z');

  it('may be asked within 365 days of the consultation, to the millisecond', () => {
    expect(prescriptionRequestable(visit, new Date(visit.getTime() + DAY_MS))).toBe(true);
    expect(prescriptionRequestable(visit, new Date(visit.getTime() + 365 * DAY_MS))).toBe(true);
    expect(prescriptionRequestable(visit, new Date(visit.getTime() + 365 * DAY_MS + 1))).toBe(
      false,
    );
  });

  it('is answered within two days of the request', () => {
    expect(PRESCRIPTION_ANSWER_HOURS).toBe(48);
    expect(prescriptionAnswerBy(visit).toISOString()).toBe('2026-01-12T09:00:00.000Z');
  });

  it("costs the clinic's prescription fee, or the consultation fee when it set none", () => {
    expect(prescriptionPriceMinor({ feeMinor: 6000, prescriptionFeeMinor: 1500 })).toBe(1500);
    expect(prescriptionPriceMinor({ feeMinor: 6000, prescriptionFeeMinor: 0 })).toBe(0);
    expect(prescriptionPriceMinor({ feeMinor: 6000, prescriptionFeeMinor: null })).toBe(6000);
  });
});
