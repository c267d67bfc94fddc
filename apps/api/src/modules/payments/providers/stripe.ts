import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutState,
  PaymentProvider,
  RefundRequest,
} from './payment-provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a test double or an egress proxy); Stripe's own by default. */
  apiUrl?: string | undefined;
};

/** Stripe Checkout through the official SDK; webhooks verified with the endpoint's secret. */
/** Added to the hold's expiry for Stripe's own, which must be 30 minutes after Stripe's now. */
const STRIPE_EXPIRY_MARGIN_S = 5 * 60;

export function createStripeProvider(options: StripeProviderOptions) {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  const provider = {
    name: 'stripe' as const,

    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.customerEmail,
          locale: request.locale,
          // Stripe replaces {CHECKOUT_SESSION_ID} with the session's id.
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Stripe wants at least 30 minutes from when the request reaches it; the hold already
          // started its 30. The session may outlive the hold by the margin: a payment then takes
          // the lapsed-hold path (ADR 0011: booked if the slot is still free, else refunded).
          expires_at: Math.floor(request.expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_S,
          client_reference_id: request.appointmentId,
          metadata: { appointmentId: request.appointmentId },
          payment_intent_data: { metadata: { appointmentId: request.appointmentId } },
        },
        // A retried create for the same hold must not open a second session.
        { idempotencyKey: `checkout-${request.appointmentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId: string): Promise<CheckoutState | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['payment_intent.latest_charge'],
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge =
        intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return {
        sessionId: session.id,
        status:
          session.status === 'complete'
            ? 'complete'
            : session.status === 'expired'
              ? 'expired'
              : 'open',
        paymentStatus:
          session.payment_status === 'paid'
            ? 'paid'
            : intent?.status === 'canceled' || intent?.last_payment_error
              ? 'failed'
              : 'unpaid',
        paymentId: intent?.id,
        receiptUrl: charge?.receipt_url ?? undefined,
        appointmentId: session.metadata?.appointmentId,
      };
    },

    async expireCheckout(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already complete or expired: the state fulfilment reads next is the truth either way.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(request: RefundRequest) {
      let paymentIntent = request.paymentId;
      if (!paymentIntent) {
        const session = await stripe.checkout.sessions.retrieve(request.sessionId);
        paymentIntent =
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null);
      }
      if (!paymentIntent) throw new Error(`Stripe session ${request.sessionId} has no payment`);
      // Stripe answers a repeated idempotency key with the first refund, never a second one.
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountMinor,
          reason: 'requested_by_customer',
          metadata: { appointmentId: request.appointmentId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
      return { refundId: refund.id };
    },

    /** The event, when the signature over the raw body is valid; null otherwise. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event | null {
      if (!signature) return null;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        return null;
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
