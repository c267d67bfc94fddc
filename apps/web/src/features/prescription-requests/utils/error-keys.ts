import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';

// The API's refusals of a repeat prescription request (issue #21), as literal keys of the
// `prescriptionRequests` namespace: the patient reads them in her language, never the server's.

const CREATE_ERROR_KEYS = {
  prescriptionRequestNotAllowed: 'page.errors.notAllowed',
  profileIncomplete: 'page.errors.profileIncomplete',
  tooManyHolds: 'page.errors.tooManyHolds',
  tooManyRequests: 'page.errors.tooMany',
  paymentProviderUnavailable: 'page.errors.provider',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Why the request was refused, in the patient's words. */
export const createErrorKey = (error: unknown) =>
  errorKey(error, CREATE_ERROR_KEYS, 'page.errors.failed');
