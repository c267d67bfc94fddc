import { describe, expect, it } from 'vitest';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { ApiError } from '../../../lib/api-client';
import { paymentErrorText } from './error-keys';

const refusal = (status: number, code: ApiErrorCode, data: unknown = null) =>
  new ApiError(status, 'server English', data, code);

describe('what the confirm modal says when the checkout is refused', () => {
  it('names each refusal by its code, never by the server’s English', () => {
    expect(paymentErrorText(refusal(409, 'slotTaken'))).toEqual({
      key: 'booking.errors.slotTaken',
    });
    expect(paymentErrorText(refusal(409, 'tooManyHolds'))).toEqual({
      key: 'booking.errors.tooManyHolds',
    });
    expect(paymentErrorText(refusal(429, 'tooManyRequests'))).toEqual({
      key: 'booking.errors.tooManyRequests',
    });
  });

  it('falls back to a taken slot for a bare 409, a field error, or the generic text', () => {
    // A code this build does not know yet (a newer server's).
    expect(paymentErrorText(refusal(409, 'somethingNew' as ApiErrorCode))).toEqual({
      key: 'booking.errors.slotTaken',
    });
    expect(
      paymentErrorText(
        refusal(400, 'validationFailed', {
          success: false,
          message: 'Reason is too long',
          code: 'validationFailed',
          errors: [{ path: 'reason', msg: 'Reason is too long', code: 'reasonMax' }],
        }),
      ),
    ).toEqual({ fieldCode: 'reasonMax' });
    expect(paymentErrorText(new Error('offline'))).toEqual({ key: 'booking.errors.payment' });
  });
});
