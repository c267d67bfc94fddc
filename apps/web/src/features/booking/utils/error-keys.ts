import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

// Screens show their own translated text chosen by the API's code (spec §8), never the server's
// English. Values are literal keys of the `appointments` namespace.

const PAYMENT_ERROR_KEYS = {
  slotTaken: 'booking.errors.slotTaken',
  slotNotOffered: 'booking.errors.slotNotOffered',
  profileIncomplete: 'booking.errors.profileIncomplete',
  doctorNotFound: 'booking.errors.doctorNotFound',
  paymentProviderUnavailable: 'booking.errors.providerUnavailable',
  tooManyRequests: 'booking.errors.tooManyRequests',
  tooManyHolds: 'booking.errors.tooManyHolds',
  dependantNotFound: 'booking.errors.dependantNotFound',
  dependantNotBookable: 'booking.errors.dependantNotBookable',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

type PaymentErrorKey =
  (typeof PAYMENT_ERROR_KEYS)[keyof typeof PAYMENT_ERROR_KEYS] | 'booking.errors.payment';

/**
 * Spec §8 Payment session: the server's message (by its code), else the first field error's
 * (returned as `{ fieldCode }`, a key of the validation namespace), else the generic text.
 */
export function paymentErrorText(error: unknown): { key: PaymentErrorKey } | { fieldCode: string } {
  if (!isApiError(error)) return { key: 'booking.errors.payment' };
  const known = errorKey(error, PAYMENT_ERROR_KEYS, null);
  if (known) return { key: known };
  // A 409 without our code is still a taken slot.
  if (error.statusCode === 409) return { key: 'booking.errors.slotTaken' };
  const fieldCode = error.fieldErrors[0]?.code;
  if (fieldCode !== undefined) return { fieldCode };
  return { key: 'booking.errors.payment' };
}
