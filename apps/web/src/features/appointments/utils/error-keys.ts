import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

// Screens show their own translated text chosen by the API's code (spec §8), never the server's
// English. Values are literal keys of the `appointments` namespace.

const CHANGE_ERROR_KEYS = {
  appointmentNotFound: 'manage.errors.notFound',
  appointmentNotUpcoming: 'manage.errors.notUpcoming',
  // A prescription request the doctor answered while the dialog was open (issue #21).
  prescriptionRequestAnswered: 'manage.errors.requestAnswered',
  tooManyRequests: 'booking.errors.tooManyRequests',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const RESCHEDULE_ERROR_KEYS = {
  ...CHANGE_ERROR_KEYS,
  appointmentStarted: 'manage.errors.started',
  slotTaken: 'booking.errors.slotTaken',
  slotNotOffered: 'booking.errors.slotNotOffered',
  rescheduleWindow: 'manage.errors.rescheduleWindow',
  rescheduleTooLate: 'manage.errors.rescheduleTooLate',
  appointmentNotMovable: 'manage.errors.notMovable',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/**
 * Spec §8 Cancel: a known code's text; "Failed to cancel appointment. Please try again." when
 * the call failed otherwise; "An unexpected error occurred. Please try again." when something
 * other than the call failed (an answer we could not read).
 */
export function cancelErrorKey(error: unknown) {
  return errorKey(
    error,
    CHANGE_ERROR_KEYS,
    isApiError(error) ? 'manage.errors.cancel' : 'manage.errors.unexpected',
  );
}

/**
 * Spec §8 Reschedule: a 409 is a taken slot unless its code says otherwise ("This time slot is
 * no longer available…"); other failures "Failed to reschedule appointment. Please try again."
 */
export function rescheduleErrorKey(error: unknown) {
  const known = errorKey(error, RESCHEDULE_ERROR_KEYS, null);
  if (known) return known;
  if (isApiError(error) && error.statusCode === 409) return 'booking.errors.slotTaken';
  return 'manage.errors.reschedule';
}

/** The answer means the list on screen is out of date (the appointment is gone or changed). */
export function isStaleAppointmentError(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 404 || error.statusCode === 409);
}

/**
 * Spec §8: a 409 on reschedule reloads that day's slots; so does a time the doctor no longer
 * offers. Either way the chosen time is gone from what the dialog showed.
 */
export function isChosenSlotGone(error: unknown): boolean {
  const key = rescheduleErrorKey(error);
  return key === 'booking.errors.slotTaken' || key === 'booking.errors.slotNotOffered';
}
