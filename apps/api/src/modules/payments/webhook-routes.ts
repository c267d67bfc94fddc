import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../plugins/error-handler.ts';
import type { StripeProvider } from './providers/stripe.ts';
import type { PaymentService } from './service.ts';

// The Checkout events that can change a payment; fulfilment asks Stripe for the real state, so
// an event's body is only a hint and duplicates or reorderings change nothing.
const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** POST /api/payments/webhook: Stripe's signed events. The signature covers the raw body. */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  stripe: StripeProvider;
  payments: PaymentService;
}> = async (app, { stripe, payments }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/webhook',
    { config: { changesAvailability: true }, schema: { hide: true } },
    async (request, reply) => {
      const event = stripe.verifyWebhook(
        request.body as Buffer,
        request.headers['stripe-signature'] as string | undefined,
      );
      if (!event)
        return reply
          .status(400)
          .send({ ...errorBody('validationFailed'), message: 'Invalid webhook signature' });
      if (event.type === 'charge.refunded') {
        // A refund made outside Vizita (Stripe's dashboard). Only a full refund changes the status.
        const charge = event.data.object as {
          payment_intent?: string | { id: string } | null;
          refunded?: boolean;
          refunds?: { data?: { id: string }[] } | null;
        };
        const intent =
          typeof charge.payment_intent === 'string'
            ? charge.payment_intent
            : charge.payment_intent?.id;
        if (intent && charge.refunded)
          await payments.recordProviderRefund(intent, charge.refunds?.data?.[0]?.id ?? null);
      } else if (HANDLED.has(event.type)) {
        const session = event.data.object as { id?: string };
        try {
          if (session.id) await payments.fulfil(session.id);
        } catch (error) {
          // A session that is not ours (another integration on the same account) is acknowledged.
          if ((error as { code?: string }).code !== 'paymentSessionNotFound') throw error;
        }
      }
      return { received: true };
    },
  );
};
