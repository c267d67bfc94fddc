import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

// Screens show their own translated text chosen by the API's code or status (spec §8), never the
// server's English message. Values are literal keys of the `auth` namespace.

function codeOf(error: unknown): ApiErrorCode | undefined {
  return isApiError(error) ? error.code : undefined;
}

function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.statusCode : undefined;
}

/** The login answer says the address still needs validating (spec §8: isEmailValidated false). */
export function isEmailNotValidated(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'emailNotValidated' || error.body?.isEmailValidated === false;
}

/** Spec §8 Login. */
export function loginErrorKey(error: unknown) {
  if (isEmailNotValidated(error)) return 'login.errors.emailNotValidated';
  const code = codeOf(error);
  if (code === 'invalidCredentials') return 'login.errors.invalidCredentials';
  if (statusOf(error) === 500) return 'login.errors.server';
  if (code === 'tooManyLoginAttempts') return 'login.errors.tooManyAttempts';
  // Many sign-ins at once (the password check is slow by design): a moment later it works.
  if (code === 'serviceBusy') return 'login.errors.busy';
  return 'login.errors.generic';
}

const REGISTER_ERRORS = {
  registrationRateLimited: 'register.errors.rateLimited',
  tooManyRequests: 'errors.tooManyRequests',
  // Many registrations at once wait behind sign-ins for the password hashing: soon it works.
  serviceBusy: 'errors.busy',
  validationFailed: 'errors.checkFields',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Spec §8 Registration: a known code's text, else "Registration failed. Please try again." */
export function registerErrorKey(error: unknown) {
  return errorKey(error, REGISTER_ERRORS, 'register.errors.generic');
}

/** Spec §8 E-mail validation. */
export function validateEmailErrorKey(error: unknown) {
  const code = codeOf(error);
  if (code === 'validationTokenInvalid' || code === 'validationFailed') {
    return 'validateEmail.errors.tokenInvalid';
  }
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  return 'validateEmail.errors.generic';
}

const RESEND_ERRORS = {
  resendWait: 'resend.errors.wait',
  tooManyRequests: 'errors.tooManyRequests',
  validationFailed: 'errors.checkFields',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Spec §8 E-mail validation, resend failure. */
export function resendErrorKey(error: unknown) {
  return errorKey(error, RESEND_ERRORS, 'resend.errors.generic');
}

/** Spec §8 Forgot password: 404 no account, 400 wait, otherwise a generic failure. */
export function forgotPasswordErrorKey(error: unknown) {
  const code = codeOf(error);
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  if (code === 'validationFailed') return 'errors.checkFields';
  const status = statusOf(error);
  if (status === 404) return 'forgot.errors.notFound';
  if (status === 400) return 'forgot.errors.wait';
  return 'forgot.errors.generic';
}

/** Spec §8 Reset password, for the submit. */
export function resetPasswordErrorKey(error: unknown) {
  const code = codeOf(error);
  if (code === 'validationFailed') return 'errors.checkFields';
  if (code === 'tooManyRequests') return 'errors.tooManyRequests';
  if (code === 'serviceBusy') return 'errors.busy';
  const status = statusOf(error);
  if (status === 400) return 'reset.errors.invalidToken';
  if (status === 401) return 'reset.errors.expired';
  return 'reset.errors.generic';
}

/** Why the reset link cannot be used (the "Invalid or Expired Link" state). */
export function resetTokenErrorKey(error: unknown) {
  const status = statusOf(error);
  if (status === 400) return 'reset.errors.invalidToken';
  if (status === 401) return 'reset.errors.expired';
  return 'reset.errors.checkFailed';
}
