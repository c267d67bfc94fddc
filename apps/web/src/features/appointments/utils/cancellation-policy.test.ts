import { describe, expect, it } from 'vitest';
import { refundPreview } from './cancellation-policy';

const start = '2026-11-24T10:00:00.000Z';
const paid = {
  startsAt: start,
  plan: 'consultation',
  paymentAmount: 60,
  paymentCurrency: 'EUR',
} as const;
const at = (iso: string) => new Date(iso);

describe('refund preview (cancellation policy)', () => {
  it('refunds in full from exactly 24 hours before the start', () => {
    expect(refundPreview(paid, at('2026-11-23T10:00:00.000Z'))).toEqual({
      kind: 'full',
      amount: '60.00',
      currency: 'EUR',
    });
    expect(refundPreview(paid, at('2026-11-20T08:00:00.000Z')).kind).toBe('full');
  });

  it('refunds nothing later than that', () => {
    expect(refundPreview(paid, at('2026-11-23T10:00:00.001Z'))).toEqual({ kind: 'none' });
    expect(refundPreview(paid, at('2026-11-24T09:59:00.000Z'))).toEqual({ kind: 'none' });
  });

  it('refunds a prescription request in full whenever it is withdrawn unanswered', () => {
    // A request starts when it is made: its start is always past when she withdraws it.
    const request = {
      ...paid,
      plan: 'prescription',
      startsAt: '2026-11-20T08:00:00.000Z',
    } as const;
    expect(refundPreview(request, at('2026-11-21T09:00:00.000Z'))).toEqual({
      kind: 'full',
      amount: '60.00',
      currency: 'EUR',
    });
  });

  it('says nothing about money when nothing was paid', () => {
    const now = at('2026-11-20T08:00:00.000Z');
    expect(refundPreview({ ...paid, paymentAmount: null }, now)).toEqual({ kind: 'unpaid' });
    expect(refundPreview({ ...paid, paymentAmount: 0 }, now)).toEqual({ kind: 'unpaid' });
    expect(refundPreview({ ...paid, paymentCurrency: null }, now)).toEqual({ kind: 'unpaid' });
  });
});
