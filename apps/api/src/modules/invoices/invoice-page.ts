import { escapeHtml as escape } from '../../lib/html.ts';
import type { Locale } from '@vizita/shared/constants';
import { INVOICE_COPY } from './invoice-copy.ts';
import type { InvoiceView } from './invoice-view.ts';

// No script (the CSP allows none inline). On screen a card; on paper one A4 sheet per document,
// without the links and the grey background that only make sense on screen.
const STYLE = `body{font-family:system-ui,"DejaVu Sans",sans-serif;background:#f1f5f9;color:#0f172a;margin:0;line-height:1.4}
main{max-width:48rem;margin:1.5rem auto;padding:0 .75rem}
.doc{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002;margin-bottom:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#334155;margin:0 0 .25rem}
.meta{display:grid;grid-template-columns:auto 1fr;gap:.1rem 1rem;margin:0 0 1rem}.meta dt{color:#334155}.meta dd{margin:0;font-weight:600}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;margin-bottom:1rem}
.parties p{margin:0}.parties h2+p{font-weight:600}table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #cbd5e1;vertical-align:top}th:last-child,td:last-child{text-align:right;white-space:nowrap}
tfoot td{font-weight:700;border-bottom:0}.detail{color:#334155;font-size:.9rem}
.vat{border-left:4px solid #0f766e;padding:.25rem .75rem;margin:1rem 0}.vat strong{display:block}
.status{font-weight:600}.actions a{display:inline-block;margin:.25rem 1rem .25rem 0;color:#0f766e;font-weight:600}
.hint,.footer{color:#334155;font-size:.85rem}:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
@page{size:A4;margin:18mm}
@media print{body{background:#fff;font-size:10.5pt}main{max-width:none;margin:0;padding:0}
.doc{box-shadow:none;border-radius:0;padding:0;margin:0}.doc+.doc{break-before:page}.screen{display:none}
a{color:inherit;text-decoration:none}}`;

function documentSection(
  v: InvoiceView,
  verification: { verifyUrl: string; shortCode: string } | undefined,
) {
  const t = INVOICE_COPY[v.locale];
  const lines = (items: string[]) => items.map((l) => `<p>${escape(l)}</p>`).join('');
  return `<article class="doc" aria-labelledby="h-${escape(v.number)}">
<h1 id="h-${escape(v.number)}">${escape(v.title)}</h1>
<dl class="meta">${v.meta.map(([k, val]) => `<dt>${escape(k)}</dt><dd>${escape(val)}</dd>`).join('')}</dl>
${v.corrects ? `<p class="status">${escape(v.corrects)}</p>` : ''}
<div class="parties"><section><h2>${escape(v.seller.heading)}</h2>${lines(v.seller.lines)}</section>
<section><h2>${escape(v.buyer.heading)}</h2>${lines(v.buyer.lines)}</section></div>
<table><thead><tr><th scope="col">${escape(v.columns[0])}</th><th scope="col">${escape(v.columns[1])}</th></tr></thead>
<tbody><tr><td>${escape(v.item.description)}<div class="detail">${escape(v.item.detail)}</div></td><td>${escape(v.item.amount)}</td></tr></tbody>
<tfoot><tr><td>${escape(v.total[0])}</td><td>${escape(v.total[1])}</td></tr></tfoot></table>
${lines(v.payment)}
<div class="vat"><strong>${escape(v.vat.legal)}</strong>${escape(v.vat.explanation)}</div>
${
  verification
    ? `<p class="hint"><strong>${escape(t.verifyTitle)}:</strong> ${escape(t.verifyText(verification.shortCode, verification.verifyUrl.replace(/\/[^/]+$/, '')))}</p>`
    : ''
}<p class="footer">${escape(v.footer)}</p></article>`;
}

/**
 * The invoice of a payment (and, once refunded, its credit note) as one printable page. Links are
 * fresh signed ones: the page may have been opened with a bearer token a new tab does not have.
 */
export function invoicePage(
  locale: Locale,
  documents: {
    view: InvoiceView;
    pdfUrl: string;
    verification?: { verifyUrl: string; shortCode: string } | undefined;
  }[],
  extra: { refunded: boolean; providerReceiptUrl: string | null },
) {
  const t = INVOICE_COPY[locale];
  const [invoice] = documents;
  const actions = documents
    .map(
      (d, i) =>
        `<a href="${escape(d.pdfUrl)}" download>${escape(i === 0 ? t.downloadPdf : t.downloadCreditNotePdf)}</a>`,
    )
    .join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(invoice ? `${invoice.view.title} ${invoice.view.number}` : t.invoice)} · Vizita</title><style>${STYLE}</style></head>
<body><main><div class="doc screen"><p class="status">${escape(t.status)}: <strong>${escape(extra.refunded ? t.statusRefunded : t.statusPaid)}</strong></p>
<p class="actions">${actions}${extra.providerReceiptUrl ? `<a href="${escape(extra.providerReceiptUrl)}" rel="noopener noreferrer">${escape(t.providerReceipt)}</a>` : ''}</p>
<p class="hint">${escape(t.print)}</p></div>
${documents.map((d) => documentSection(d.view, d.verification)).join('\n')}</main></body></html>`;
}
