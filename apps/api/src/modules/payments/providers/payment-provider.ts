import type { Locale } from '@vizita/shared/constants';
import type { Tx } from '../../../db/client.ts';

/** What we ask a provider for: a hosted checkout page for one appointment. */
export type CheckoutRequest = {
  appointmentId: string;
  amountMinor: number;
  currency: string;
  description: string;
  customerEmail: string;
  locale: Locale;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces (Stripe's convention). */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

/** A provider's view of a checkout session, as fulfilment needs it. */
export type CheckoutState = {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'failed';
  paymentId?: string | undefined;
  receiptUrl?: string | undefined;
  appointmentId?: string | undefined;
};

/** The port every payment provider implements (ARCHITECTURE.md §2). */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * Called after the hold is committed, outside any transaction: a provider's network call never
   * holds a pooled connection. `db` is for a provider that keeps its state in our database (local).
   */
  createCheckout(request: CheckoutRequest, tx: Tx): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider for the real state of a session (never trusts the caller). */
  retrieveCheckout(sessionId: string): Promise<CheckoutState | null>;
  /** Ends an open session so it can no longer be paid (the patient abandoned it). */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Refunds a paid session in full. Idempotent: a second call with the same `idempotencyKey` (a
   * retry after a timeout or a crash) refunds nothing more and answers the same refund.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

export type RefundRequest = {
  sessionId: string;
  /** The provider's payment id recorded at fulfilment (Stripe's payment intent), if known. */
  paymentId: string | null;
  amountMinor: number;
  idempotencyKey: string;
  appointmentId: string;
};
