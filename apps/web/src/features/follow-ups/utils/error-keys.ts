import { followUpConflictSchema, type FollowUpSlot } from '@vizita/shared/contracts/follow-ups';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

const ACCEPT_ERROR_KEYS = {
  followUpSlotTaken: 'page.errors.slotTaken',
  slotNotOffered: 'page.errors.slotTaken',
  followUpExpired: 'page.errors.expired',
  followUpWithdrawn: 'page.errors.withdrawn',
  followUpCheckoutOpen: 'page.errors.checkoutOpen',
  followUpAlreadyAccepted: 'page.errors.alreadyAccepted',
  tooManyHolds: 'page.errors.tooManyHolds',
  profileIncomplete: 'page.errors.profileIncomplete',
  paymentProviderUnavailable: 'page.errors.provider',
  tooManyRequests: 'page.errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/** Why the acceptance was refused, in the patient's words. */
export const acceptErrorKey = (error: unknown) =>
  errorKey(error, ACCEPT_ERROR_KEYS, 'page.errors.failed');

/** The next time still free that a 409 `followUpSlotTaken` names, if it names one. */
export function nextFreeSlot(error: unknown): FollowUpSlot | null {
  if (!isApiError(error) || error.code !== 'followUpSlotTaken') return null;
  const parsed = followUpConflictSchema.safeParse(error.data);
  return parsed.success ? (parsed.data.nextSlot ?? null) : null;
}
