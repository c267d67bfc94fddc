import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';

// Texts by the API's code (spec §8), literal keys of the `waitlist` namespace.

const TAKE_ERROR_KEYS = {
  slotTaken: 'offer.errors.taken',
  slotNotOffered: 'offer.errors.taken',
  doctorNotFound: 'offer.errors.taken',
  waitlistOfferClosed: 'offer.errors.closed',
  waitlistOfferNotFound: 'offer.errors.closed',
  appointmentNotUpcoming: 'offer.errors.closed',
  appointmentNotFound: 'offer.errors.closed',
  appointmentStarted: 'offer.errors.closed',
  rescheduleTooLate: 'offer.errors.tooLate',
  tooManyHolds: 'offer.errors.tooManyHolds',
  profileIncomplete: 'offer.errors.profileIncomplete',
  paymentProviderUnavailable: 'offer.errors.provider',
  tooManyRequests: 'offer.errors.tooManyRequests',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** What a failed "Take it" / "Book it" says. */
export function takeErrorKey(error: unknown) {
  return errorKey(error, TAKE_ERROR_KEYS, 'offer.errors.failed');
}
