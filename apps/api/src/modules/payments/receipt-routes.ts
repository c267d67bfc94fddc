import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { findUserById } from '../auth/repo.ts';
import { bearerToken } from '../../plugins/authenticate.ts';
import { CHECKOUT_COPY } from './checkout-copy.ts';
import { closedPage, receiptLinkExpiredPage, receiptPage } from './checkout-pages.ts';
import type { LocalProvider } from './providers/local.ts';
import type { ReceiptLinks } from './receipt-links.ts';
import * as repo from './repo.ts';

/**
 * GET /receipts/:paymentId — the receipt of a paid (or refunded) payment, for whoever holds a
 * fresh link minted for the payer, or a caller whose bearer token is the payer's or an admin's.
 * Nobody else learns whether the payment exists: a forged link gets the same page as an old one.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{
  db: Db;
  links: ReceiptLinks;
  local: LocalProvider | undefined;
  appUrl: string;
}> = async (app, { db, links, local, appUrl }) => {
  app.get(
    '/receipts/:paymentId',
    {
      schema: {
        params: z.object({ paymentId: z.uuid() }),
        querystring: z.object({
          exp: z._default(z.coerce.number(), 0),
          sig: z._default(z.string().check(z.maxLength(100)), ''),
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const html = (status: number, body: string) =>
        reply
          .status(status)
          .header('cache-control', 'private, no-store')
          .type('text/html; charset=utf-8')
          .send(body);
      const payment = await repo.findPaymentById(db, request.params.paymentId);

      let allowed = false;
      if (payment && request.query.sig) {
        allowed = links.verify(payment, request.query.exp, request.query.sig);
      } else if (payment && bearerToken(request)) {
        await app.authenticate(request, reply);
        const caller = await findUserById(db, request.auth!.userId);
        allowed = caller?.id === payment.patientId || caller?.isAdmin === true;
      }
      if (!payment || !allowed)
        return html(403, receiptLinkExpiredPage(locale, `${appUrl}/dashboard/billing`));
      if (!payment.paidAt || !payment.receiptNumber) return html(404, closedPage(locale, appUrl));

      const session =
        payment.provider === 'local' && local
          ? await local.find(payment.providerSessionId)
          : undefined;
      return html(
        200,
        receiptPage(locale, {
          number: payment.receiptNumber,
          paidAt: payment.paidAt,
          description: session?.description ?? CHECKOUT_COPY[locale].receipt.defaultDescription,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          last4: session?.cardLast4 ?? null,
          refundedAt: payment.status === 'refunded' ? payment.refundedAt : null,
          providerReceiptUrl: payment.provider === 'stripe' ? payment.receiptUrl : null,
        }),
      );
    },
  );
};
