import { isApiError } from '../../../lib/api-client';

// Screens show their own translated text chosen by the API's code or status (spec §8), never the
// server's English message. Values are literal keys of the `profile` namespace.

function codeOf(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** Spec §8 Profile: completion failure. */
export function completeProfileErrorKey(error: unknown) {
  const code = codeOf(error);
  if (code === 'validationFailed') return 'errors.checkFields';
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  return 'complete.errors.generic';
}

/** Spec §8 Profile: update failure. */
export function updateProfileErrorKey(error: unknown) {
  const code = codeOf(error);
  if (code === 'validationFailed') return 'errors.checkFields';
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  return 'edit.errors.generic';
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
  const code = codeOf(error);
  if (code === 'validationFailed') return 'errors.checkFields';
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  if (isApiError(error) && error.statusCode === 400) return 'changePassword.errors.rejected';
  return 'changePassword.errors.generic';
}
