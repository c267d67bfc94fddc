import { isApiError } from '../../../lib/api-client';

/** The privacy namespace's text for each refusal the data-rights endpoints answer with. */
const ERROR_KEYS = {
  currentPasswordIncorrect: 'errors.password',
  twoFactorCodeWrong: 'errors.code',
  twoFactorCodeNeeded: 'errors.codeNeeded',
  tooManyRequests: 'errors.tooMany',
  exportRateLimited: 'export.tooMany',
} as const;

export function privacyErrorKey(error: unknown) {
  const code = isApiError(error) ? error.code : undefined;
  return code && Object.hasOwn(ERROR_KEYS, code)
    ? ERROR_KEYS[code as keyof typeof ERROR_KEYS]
    : 'errors.generic';
}
