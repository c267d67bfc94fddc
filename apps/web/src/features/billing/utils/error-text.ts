import { isApiError } from '../../../lib/api-client';

export type BillingErrorText =
  { text: string } | { key: 'history.error.message' | 'history.error.fallback' };

/**
 * Spec §8 Billing: "the server message or 'Failed to load payment history'; fallback 'Failed to
 * load payment history. Please try again.'". When the server answered with a failure, its message
 * is shown, or the first text when the body has none; when there is no answer to quote (no
 * connection, a body that is not a payment list), the fallback. The server writes English, so a
 * Bulgarian or German screen always shows the (translated) fallback instead of it.
 */
export function billingErrorText(error: unknown, language: string): BillingErrorText {
  if (language !== 'en' || !isApiError(error) || error.statusCode === 0) {
    return { key: 'history.error.fallback' };
  }
  const message = error.body?.message;
  return message?.trim() ? { text: message } : { key: 'history.error.message' };
}
