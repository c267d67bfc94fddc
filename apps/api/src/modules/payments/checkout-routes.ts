import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Locale } from '@vizita/shared/constants';
import { safeLine } from '@vizita/shared/contracts/field-checks';
import { checkoutSessionIdSchema } from '@vizita/shared/contracts/payments';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { checkoutPage, closedPage, declinedPage } from './checkout-pages.ts';
import type { LocalProvider } from './providers/local.ts';
import type { PaymentService } from './service.ts';

const sessionParams = z.object({ sessionId: checkoutSessionIdSchema });
const cardField = (max: number) => z._default(z.string().check(z.maxLength(max), safeLine()), '');
const cardForm = z.object({
  number: cardField(40),
  expiry: cardField(10),
  cvc: cardField(8),
  name: cardField(100),
});

/**
 * The local provider's hosted pages: GET shows the checkout, POST takes the card (never stored;
 * only the last four digits of a paid card), then the same fulfilment path as a webhook.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  local: LocalProvider;
  payments: PaymentService;
  appUrl: string;
}> = async (app, { local, payments, appUrl }) => {
  // HTML forms post urlencoded bodies; the parser is scoped to these routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const html = (reply: { type: (t: string) => { send: (b: string) => unknown } }, body: string) =>
    reply.type('text/html; charset=utf-8').send(body);

  app.get(
    '/checkout/:sessionId',
    { schema: { params: sessionParams, hide: true } },
    async (request, reply) => {
      const session = await local.find(request.params.sessionId);
      const locale = (session?.locale ??
        localeFromAcceptLanguage(request.headers['accept-language'])) as Locale;
      if (!session) return html(reply.status(404), closedPage(locale, appUrl));
      if (session.status === 'complete') return reply.redirect(session.successUrl, 303);
      const state = await local.retrieveCheckout(session.id);
      if (state?.status !== 'open')
        return html(reply.status(410), closedPage(locale, `${appUrl}/calendar`));
      return html(reply, checkoutPage(session, locale));
    },
  );

  app.post(
    '/checkout/:sessionId',
    {
      config: { changesAvailability: true },
      schema: { params: sessionParams, body: cardForm, hide: true },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      const session = await local.find(sessionId);
      const locale = (session?.locale ?? 'en') as Locale;
      if (!session) return html(reply.status(404), closedPage(locale, appUrl));
      const result = await local.pay(sessionId, request.body);
      if ('closed' in result) {
        return session.status === 'complete'
          ? reply.redirect(session.successUrl, 303)
          : html(reply.status(410), closedPage(locale, `${appUrl}/calendar`));
      }
      if (!result.ok && 'invalid' in result)
        return html(reply.status(422), checkoutPage(session, locale, result.invalid, request.body));
      await payments.fulfil(sessionId);
      if (!result.ok)
        return html(reply.status(402), declinedPage(locale, result.decline, `${appUrl}/calendar`));
      return reply.redirect(session.successUrl, 303);
    },
  );
};
