import { describe, expect, it } from 'vitest';
import { formatAmount, paymentStatus } from './payment-display';

describe('payment display', () => {
  it('writes an amount with two decimals and its currency code, in US English', () => {
    expect(formatAmount(60, 'EUR')).toBe('60.00 EUR');
    expect(formatAmount(1250.5, 'BGN')).toBe('1,250.50 BGN');
    expect(formatAmount(0.125, 'EUR')).toBe('0.13 EUR');
  });

  it('labels the statuses of spec §3 and keeps an unknown one as it came', () => {
    expect(paymentStatus('completed')).toMatchObject({ key: 'history.status.completed' });
    expect(paymentStatus('cancelled')).toMatchObject({ key: 'history.status.cancelled' });
    expect(paymentStatus('disputed')).toMatchObject({ raw: 'disputed' });
    // Not a property every object has.
    expect(paymentStatus('toString')).toMatchObject({ raw: 'toString' });
  });
});
