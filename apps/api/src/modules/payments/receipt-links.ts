import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { purposeKey } from '../../lib/purpose-keys.ts';

/** A receipt link works for an hour: long enough to open and save it, too short to leak for good. */
export const RECEIPT_LINK_LIFETIME_MS = 60 * 60_000;

type Payment = { id: string; patientId: string };

/**
 * Receipt links that only the payer is given (minted when the payer reads the billing history or
 * the booking outcome) and that stop working after an hour. A link opens in a new tab, which has
 * no access token, so the link itself carries the proof: an HMAC over payment, payer and expiry.
 */
export function createReceiptLinks({
  secret,
  appUrl,
  clock,
}: {
  secret: string;
  appUrl: string;
  clock: Clock;
}) {
  const key = purposeKey(secret, 'receipt-link');
  const sign = (payment: Payment, expires: number) =>
    createHmac('sha256', key)
      .update(`receipt:${payment.id}:${payment.patientId}:${expires}`)
      .digest('base64url');

  return {
    /** The receipt (invoice) page, or one of its files (`/invoice.pdf`): one proof opens both. */
    url(payment: Payment, file = ''): string {
      const expires = Math.floor((clock().getTime() + RECEIPT_LINK_LIFETIME_MS) / 1000);
      return `${appUrl}/receipts/${payment.id}${file}?exp=${expires}&sig=${sign(payment, expires)}`;
    },

    verify(payment: Payment, expires: number, sig: string): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= clock().getTime()) return false;
      const expected = Buffer.from(sign(payment, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type ReceiptLinks = ReturnType<typeof createReceiptLinks>;
