import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';

// The API's refusals on the family page (issue #22), as literal keys of the `family` namespace.

const ADD_ERROR_KEYS = {
  dependantsTooMany: 'errors.tooMany',
  dependantNotFound: 'errors.notFound',
  dependantHandedOver: 'errors.handedOver',
  validationFailed: 'errors.checkFields',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const HANDOVER_ERROR_KEYS = {
  dependantNotOfAge: 'errors.notOfAge',
  dependantHandedOver: 'errors.handedOver',
  dependantNotFound: 'errors.notFound',
  validationFailed: 'errors.email',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const ACCEPT_ERROR_KEYS = {
  handoverTokenInvalid: 'accept.errors.invalid',
  handoverToSelf: 'accept.errors.self',
  dependantHasUpcoming: 'accept.errors.upcoming',
  patientRequired: 'accept.errors.patientOnly',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

export const addErrorKey = (error: unknown) => errorKey(error, ADD_ERROR_KEYS, 'errors.failed');
export const handoverErrorKey = (error: unknown) =>
  errorKey(error, HANDOVER_ERROR_KEYS, 'errors.failed');
export const acceptErrorKey = (error: unknown) =>
  errorKey(error, ACCEPT_ERROR_KEYS, 'accept.errors.failed');
