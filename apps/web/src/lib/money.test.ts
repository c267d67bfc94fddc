import { describe, expect, it } from 'vitest';
import { formatAmount, formatMinorAmount } from './money';

describe('money', () => {
  it('shows major units with two decimals in US English', () => {
    expect(formatAmount(60)).toBe('60.00');
    expect(formatAmount(1250.5)).toBe('1,250.50');
  });

  it('shows minor units as major ones', () => {
    expect(formatMinorAmount(6000)).toBe('60.00');
  });
});
