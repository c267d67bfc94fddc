import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { safeLine } from '@vizita/shared/contracts/field-checks';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { bearerToken, callerOf } from '../../plugins/authenticate.ts';
import { findUserById } from '../auth/users.ts';
import { closedPage, receiptLinkExpiredPage } from '../payments/checkout-pages.ts';
import type { ReceiptLinks } from '../payments/receipt-links.ts';
import { findPaymentById } from '../payments/payment-records.ts';
import { invoicePage } from './invoice-page.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { invoiceView } from './invoice-view.ts';
import type { Invoicing } from './service.ts';

const PDF_FILES = { 'invoice.pdf': 'invoice', 'credit-note.pdf': 'credit_note' } as const;

const params = z.object({ paymentId: z.uuid() });
const querystring = z.object({
  exp: z._default(z.coerce.number(), 0),
  sig: z._default(z.string().check(z.maxLength(100), safeLine()), ''),
});

/**
 * GET /receipts/:paymentId — the invoice of a paid payment (and the credit note of a refunded
 * one) as a printable page; `/invoice.pdf` and `/credit-note.pdf` beside it. Exactly the receipt's
 * rule: a fresh link minted for the payer, or a bearer token of the payer or an admin. Nobody else
 * learns whether the payment exists: a forged link gets the same page as an old one.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  links: ReceiptLinks;
  invoicing: Invoicing;
  clock: Clock;
  appUrl: string;
}> = async (app, { db, links, invoicing, clock, appUrl }) => {
  /** The payment's documents, or the answer already sent to a caller who may not see them. */
  async function documentsFor(
    request: FastifyRequest,
    reply: FastifyReply,
    paymentId: string,
    query: z.infer<typeof querystring>,
  ) {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    const html = (status: number, body: string) =>
      reply
        .status(status)
        .header('cache-control', 'private, no-store')
        .type('text/html; charset=utf-8')
        .send(body);
    const payment = await findPaymentById(db, paymentId);
    let allowed = false;
    if (payment && query.sig) {
      allowed = links.verify(payment, query.exp, query.sig);
    } else if (payment && bearerToken(request)) {
      await app.authenticate(request, reply);
      const caller = await findUserById(db, callerOf(request).userId);
      allowed = caller?.id === payment.patientId || caller?.isAdmin === true;
    }
    if (!payment || !allowed) {
      await html(403, receiptLinkExpiredPage(locale, `${appUrl}/dashboard/billing`));
      return undefined;
    }
    if (!payment.paidAt || (payment.status !== 'completed' && payment.status !== 'refunded')) {
      await html(404, closedPage(locale, appUrl));
      return undefined;
    }
    const documents = await invoicing.documentsOf(db, payment, clock());
    return { payment, documents, html, locale };
  }

  app.get(
    '/receipts/:paymentId',
    { schema: { params, querystring, hide: true } },
    async (request, reply) => {
      const found = await documentsFor(request, reply, request.params.paymentId, request.query);
      if (!found) return reply;
      const { payment, documents, html } = found;
      const views = await Promise.all(
        documents.map(async (doc) => ({
          view: invoiceView(doc),
          pdfUrl: links.url(
            payment,
            `/${doc.kind === 'invoice' ? 'invoice.pdf' : 'credit-note.pdf'}`,
          ),
          // The code the printout carries, as the PDF prints it (ADR 0037).
          verification: await invoicing.verificationOf(db, doc),
        })),
      );
      return html(
        200,
        invoicePage(views[0]?.view.locale ?? found.locale, views, {
          refunded: payment.status === 'refunded',
          providerReceiptUrl: payment.provider === 'stripe' ? payment.receiptUrl : null,
        }),
      );
    },
  );

  app.get(
    '/receipts/:paymentId/:file',
    {
      schema: {
        params: z.object({ paymentId: z.uuid(), file: z.enum(['invoice.pdf', 'credit-note.pdf']) }),
        querystring,
        hide: true,
      },
    },
    async (request, reply) => {
      const found = await documentsFor(request, reply, request.params.paymentId, request.query);
      if (!found) return reply;
      const doc = found.documents.find((d) => d.kind === PDF_FILES[request.params.file]);
      if (!doc) return found.html(404, closedPage(found.locale, appUrl));
      const pdf = await invoicePdf(invoiceView(doc), await invoicing.verificationOf(db, doc));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${doc.number}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
};
