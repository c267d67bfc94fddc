import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

// Screens show their own translated text chosen by the API's code or status (spec §8), never the
// server's English message. Values are literal keys of the `profile` namespace.

/** What every profile call's refusal says, whichever form sent it. */
const ERROR_KEYS = {
  validationFailed: 'errors.checkFields',
  tooManyRequests: 'errors.tooManyRequests',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Spec §8 Profile: completion failure. */
export function completeProfileErrorKey(error: unknown) {
  return errorKey(error, ERROR_KEYS, 'complete.errors.generic');
}

/** Spec §8 Profile: update failure. */
export function updateProfileErrorKey(error: unknown) {
  return errorKey(error, ERROR_KEYS, 'edit.errors.generic');
}

/** Spec §8 Change password: a 400 saying so goes under the current-password field. */
export function isCurrentPasswordIncorrect(error: unknown): boolean {
  if (!isApiError(error) || error.statusCode !== 400) return false;
  return (
    error.code === 'currentPasswordIncorrect' ||
    error.message.includes('Current password is incorrect')
  );
}

/** Spec §8 Change password: any other 400 is a general error; anything else a failure. */
export function changePasswordErrorKey(error: unknown) {
  return errorKey(
    error,
    ERROR_KEYS,
    isApiError(error) && error.statusCode === 400
      ? 'changePassword.errors.rejected'
      : 'changePassword.errors.generic',
  );
}
