import { escapeHtml as escape } from '../../lib/html.ts';
import type { Locale } from '@vizita/shared/constants';
import { CHECKOUT_COPY } from './checkout-copy.ts';
import type { DeclineCode } from './providers/local-test-cards.ts';

const money = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, { style: 'currency', currency }).format(
    minor / 100,
  );

// A small, self-contained page: no script (the CSP allows none inline), visible focus, AA contrast.
const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1rem;margin:1rem 0 .5rem}
.note{background:#fef9c3;color:#713f12;padding:.5rem .75rem;border-radius:8px;font-size:.9rem}
dl{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem}dt{color:#334155}dd{margin:0;font-weight:600;text-align:right}
label{display:block;font-weight:600;margin-top:.75rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #64748b;border-radius:8px;font-size:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button,.link{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;border-radius:8px;font-size:1rem;font-weight:600;text-decoration:none}
button{background:#0f766e;color:#fff;border:0;width:100%;cursor:pointer}.link{color:#0f766e}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.error{color:#b91c1c;font-weight:600}`;

function page(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · Vizita</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export type CheckoutView = {
  id: string;
  description: string;
  amountMinor: number;
  currency: string;
  cancelUrl: string;
};

export function checkoutPage(
  session: CheckoutView,
  locale: Locale,
  error?: keyof (typeof CHECKOUT_COPY)['en']['errors'],
  values: { name?: string; expiry?: string } = {},
) {
  const t = CHECKOUT_COPY[locale];
  const total = money(session.amountMinor, session.currency, locale);
  const err = error
    ? `<p class="error" role="alert" id="card-error">${escape(t.errors[error])}</p>`
    : '';
  const describedBy = error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return page(
    locale,
    t.title,
    `<h1>${escape(t.title)}</h1><p class="note">${escape(t.testMode)}</p>
<h2>${escape(t.summary)}</h2><dl><dt>${escape(session.description)}</dt><dd>${escape(total)}</dd><dt>${escape(t.total)}</dt><dd>${escape(total)}</dd></dl>
${err}<form method="post" action="/checkout/${escape(session.id)}">
<label for="number">${escape(t.cardNumber)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required${error === 'number' ? describedBy : ''}>
<div class="row"><div><label for="expiry">${escape(t.expiry)}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" value="${escape(values.expiry ?? '')}" required${error === 'expiry' ? describedBy : ''}></div>
<div><label for="cvc">${escape(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required${error === 'cvc' ? describedBy : ''}></div></div>
<label for="name">${escape(t.name)}</label><input id="name" name="name" autocomplete="cc-name" value="${escape(values.name ?? '')}" required${error === 'name' ? describedBy : ''}>
<button type="submit">${escape(t.pay)} ${escape(total)}</button></form>
<a class="link" href="${escape(session.cancelUrl)}">${escape(t.cancel)}</a>`,
  );
}

export function declinedPage(locale: Locale, code: DeclineCode, backUrl: string) {
  const t = CHECKOUT_COPY[locale].declined;
  return page(
    locale,
    t.heading,
    `<h1>${escape(t.heading)}</h1><p class="error" role="alert">${escape(t[code])}</p><p>${escape(t.slotReleased)}</p><a class="link" href="${escape(backUrl)}">${escape(t.back)}</a>`,
  );
}

export function closedPage(locale: Locale, backUrl: string) {
  const t = CHECKOUT_COPY[locale].closed;
  return page(
    locale,
    t.heading,
    `<h1>${escape(t.heading)}</h1><p>${escape(t.body)}</p><a class="link" href="${escape(backUrl)}">${escape(t.back)}</a>`,
  );
}

/** A receipt link that is forged or older than its hour. */
export function receiptLinkExpiredPage(locale: Locale, billingUrl: string) {
  const t = CHECKOUT_COPY[locale].receipt;
  return page(
    locale,
    t.expiredHeading,
    `<h1>${escape(t.expiredHeading)}</h1><p>${escape(t.expiredBody)}</p><a class="link" href="${escape(billingUrl)}">${escape(t.back)}</a>`,
  );
}
