import { specialtyName } from '@vizita/shared/domain/specialties';
import { formatMoney, mailDateTime } from '../appointments/appointment-mails.ts';
import { INVOICE_COPY } from './invoice-copy.ts';
import type { IssuedDocument } from './service.ts';

const intlLocale = (locale: string) => (locale === 'en' ? 'en-US' : locale);

/**
 * One document as the reader sees it, in the language frozen on it (the patient's): the HTML page
 * and the PDF both lay out this, so they never say different things.
 */
export function invoiceView(doc: IssuedDocument) {
  const d = doc.details;
  const locale = d.locale;
  const t = INVOICE_COPY[locale];
  const day = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  const country = (code: string | null) => {
    if (!code) return undefined;
    try {
      return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code);
    } catch {
      return code;
    }
  };
  const when = mailDateTime(new Date(d.service.startsAt), locale, d.service.timeZone, true);
  const isCredit = doc.kind === 'credit_note';
  const amount = formatMoney(doc.amountMinor, doc.currency, locale);
  const specialties = d.doctor.specialties.map((code) => specialtyName(code, locale)).join(', ');

  return {
    locale,
    title: isCredit ? t.creditNote : t.invoice,
    number: doc.number,
    meta: [
      [t.number, doc.number],
      [t.issuedOn, day(doc.issuedAt.toISOString())],
    ] as [string, string][],
    corrects: d.corrects ? t.corrects(d.corrects.number, day(d.corrects.issuedAt)) : null,
    seller: {
      heading: t.seller,
      lines: [
        d.clinic.name,
        ...d.clinic.address,
        `${t.taxId}: ${d.clinic.taxId}`,
        ...(d.clinic.vatId ? [`${t.vatId}: ${d.clinic.vatId}`] : []),
      ],
    },
    buyer: {
      heading: t.buyer,
      lines: [
        d.patient.name,
        ...d.patient.address,
        ...[country(d.patient.countryCode)].filter((c): c is string => Boolean(c)),
      ],
    },
    columns: [t.service, t.amount] as const,
    item: {
      // A request has no time of its own: the day it was made.
      description:
        d.service.kind === 'prescription-request'
          ? `${t.requestServiceName} — ${when.date}`
          : `${d.service.kind === 'on-demand-consultation' ? t.onDemandServiceName : t.serviceName} — ${when.date}, ${when.time}`,
      detail: [
        // The person treated, when the payer booked for someone in their account (ADR 0043).
        ...(d.treatedPerson
          ? [t.treatedPerson(d.treatedPerson.name, day(`${d.treatedPerson.birthDate}T12:00:00Z`))]
          : []),
        // Paid before a doctor took it, a visit with the first free doctor names its specialty.
        d.doctor.name
          ? `${t.doctor}: ${d.doctor.name}${specialties ? ` (${specialties})` : ''}`
          : `${t.specialty}: ${specialties}`,
      ].join(' · '),
      amount,
    },
    total: [isCredit ? t.creditTotal : t.total, amount] as const,
    payment: [
      t.paid(day(d.payment.paidAt), d.payment.cardLast4),
      ...(isCredit && d.payment.refundedAt ? [t.refunded(day(d.payment.refundedAt))] : []),
    ],
    vat: { legal: d.vatExemption, explanation: t.vatExplanation },
    footer: t.footer,
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;
