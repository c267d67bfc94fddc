import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { billingErrorText } from './error-text';

const answered = (message?: string) =>
  new ApiError(403, message ?? 'Forbidden', { success: false, message, code: 'someCode' });

describe('the billing error text (spec §8 Billing)', () => {
  it("shows the server's message in English", () => {
    expect(billingErrorText(answered('Payment history is not available'), 'en')).toEqual({
      text: 'Payment history is not available',
    });
  });

  it('says "Failed to load payment history" for a failure answer without a message', () => {
    expect(billingErrorText(answered(), 'en')).toEqual({ key: 'history.error.message' });
    expect(billingErrorText(new ApiError(502, 'Bad Gateway', '<html>'), 'en')).toEqual({
      key: 'history.error.message',
    });
  });

  it('falls back when there is no answer to quote', () => {
    const fallback = { key: 'history.error.fallback' };
    expect(billingErrorText(new ApiError(0, 'Network error'), 'en')).toEqual(fallback);
    expect(billingErrorText(new Error('Invalid response format'), 'en')).toEqual(fallback);
  });

  it("never shows the server's English in Bulgarian or German", () => {
    for (const language of ['bg', 'de']) {
      expect(billingErrorText(answered('Payment history is not available'), language)).toEqual({
        key: 'history.error.fallback',
      });
    }
  });
});
