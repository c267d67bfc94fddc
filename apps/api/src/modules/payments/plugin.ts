import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createBookingConfirmation } from './booking-confirmation.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { createLocalProvider } from './providers/local.ts';
import { createStripeProvider } from './providers/stripe.ts';
import { paymentRoutes } from './routes.ts';
import { createPaymentService } from './service.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

const HOLD_SWEEP_INTERVAL_MS = 60_000;

/**
 * Payments with the provider `PAYMENT_PROVIDER` names: the local hosted checkout (default, zero
 * setup) or Stripe Checkout with its signed webhook. Answers the service for other modules.
 */
export async function registerPayments(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    receiptSecret,
    mailer,
  }: { config: Config; db: Db; clock: Clock; receiptSecret: string; mailer: Mailer },
) {
  const { provider, stripeSecretKey, stripeWebhookSecret, stripeApiUrl } = config.payments;
  const stripe =
    provider === 'stripe'
      ? createStripeProvider({
          secretKey: stripeSecretKey!,
          webhookSecret: stripeWebhookSecret!,
          apiUrl: stripeApiUrl,
        })
      : undefined;
  const local = stripe ? undefined : createLocalProvider({ db, clock, appUrl: config.appUrl });
  const onPaid = createBookingConfirmation({ db, mailer, clock, appUrl: config.appUrl });
  const payments = createPaymentService({
    db,
    clock,
    appUrl: config.appUrl,
    provider: stripe ?? local!,
    receiptSecret,
    onPaid,
    log: app.log,
  });
  await app.register(paymentRoutes, { payments, local, allowDevPayments: !config.isProduction });
  if (local) await app.register(checkoutRoutes, { local, payments, db, appUrl: config.appUrl });
  if (stripe) await app.register(stripeWebhookRoutes, { stripe, payments });

  // Lapsed holds already count as free for availability and new holds; this sweep only brings
  // their rows (appointment expired, payment cancelled) up to date. Idempotent, so every
  // instance may run it.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(
      () =>
        void payments
          .expireLapsedHolds()
          .catch((err: unknown) => app.log.error({ err }, 'hold sweep failed')),
      HOLD_SWEEP_INTERVAL_MS,
    ).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  return payments;
}
