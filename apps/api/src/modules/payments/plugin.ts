import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { HealthText } from '../appointments/health-text.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { createLocalProvider } from './providers/local.ts';
import { createStripeProvider } from './providers/stripe.ts';
import { createReceiptLinks } from './receipt-links.ts';
import { createInvoicing } from '../invoices/service.ts';
import { invoiceRoutes } from '../invoices/routes.ts';
import type { IssuedDocuments } from '../verification/issued-documents.ts';
import { paymentRoutes } from './routes.ts';
import { createPaymentService, type PaymentDeps } from './service.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

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
    jobs,
    rateLimiter,
    healthText,
    counters,
    issuedDocuments,
  }: {
    config: Pick<Config, 'payments' | 'appUrl' | 'clinic' | 'devTools'>;
    db: Db;
    clock: Clock;
    receiptSecret: string;
    jobs: JobWorker;
    rateLimiter: RateLimiter;
    healthText: HealthText;
    counters: PaymentDeps['counters'];
    /** Invoices and credit notes are registered for verification as they are issued (ADR 0037). */
    issuedDocuments: IssuedDocuments;
  },
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
  const receiptLinks = createReceiptLinks({ secret: receiptSecret, appUrl: config.appUrl, clock });
  const invoicing = createInvoicing(config.clinic, issuedDocuments);
  const payments = createPaymentService({
    db,
    clock,
    appUrl: config.appUrl,
    provider: stripe ?? local!,
    receiptLinks,
    invoicing,
    jobs,
    rateLimiter,
    healthText,
    counters,
    log: app.log,
  });
  await app.register(paymentRoutes, { payments, local, allowDevPayments: config.devTools });
  if (local) await app.register(checkoutRoutes, { local, payments, appUrl: config.appUrl });
  // The receipt link opens the invoice (ADR 0021).
  await app.register(invoiceRoutes, {
    db,
    links: receiptLinks,
    invoicing,
    clock,
    appUrl: config.appUrl,
  });
  if (stripe) await app.register(stripeWebhookRoutes, { stripe, payments });

  return { payments };
}
