import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';

/** The privacy namespace's text for each refusal the data-rights endpoints answer with. */
const ERROR_KEYS = {
  currentPasswordIncorrect: 'errors.password',
  twoFactorCodeWrong: 'errors.code',
  twoFactorCodeNeeded: 'errors.codeNeeded',
  tooManyRequests: 'errors.tooMany',
  exportRateLimited: 'export.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

export function privacyErrorKey(error: unknown) {
  return errorKey(error, ERROR_KEYS, 'errors.generic');
}
