import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey } from '../../../lib/api-client';

// The API's refusals around "see a doctor now" (issue #22), as literal keys of the `onDemand`
// namespace: the patient reads them in her language, never the server's.

const JOIN_ERROR_KEYS = {
  alreadyInQueue: 'form.errors.alreadyInQueue',
  profileIncomplete: 'form.errors.profileIncomplete',
  tooManyHolds: 'form.errors.tooManyHolds',
  tooManyRequests: 'form.errors.tooMany',
  paymentProviderUnavailable: 'form.errors.provider',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Why she could not join the queue. */
export const joinErrorKey = (error: unknown) =>
  errorKey(error, JOIN_ERROR_KEYS, 'form.errors.failed');

const ENTRY_ERROR_KEYS = {
  queueEntryNotFound: 'queue.errors.notFound',
  notFound: 'queue.errors.notFound',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Why her place in the queue cannot be shown. */
export const entryErrorKey = (error: unknown) =>
  errorKey(error, ENTRY_ERROR_KEYS, 'queue.errors.loadFailed');

const LEAVE_ERROR_KEYS = {
  queueEntryClosed: 'queue.errors.closed',
  queueEntryNotFound: 'queue.errors.notFound',
  tooManyRequests: 'queue.errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Why leaving the queue was refused. */
export const leaveErrorKey = (error: unknown) =>
  errorKey(error, LEAVE_ERROR_KEYS, 'queue.errors.leaveFailed');
