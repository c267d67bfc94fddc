import type { Locale } from '@vizita/shared/constants';

/**
 * The statutory VAT-exemption wording, in the language of the law that grants it: the note must
 * name the exemption (§ 14 Abs. 4 Nr. 8 UStG; чл. 114, ал. 1, т. 12 ЗДДС), so it is printed as is
 * whatever the reader's language, with a plain explanation beside it (ADR 0021).
 */
export const VAT_EXEMPTION_NOTES = {
  DE: 'Umsatzsteuerfrei gemäß § 4 Nr. 14 Buchst. a UStG',
  BG: 'Освободена доставка по чл. 39 от ЗДДС',
} as const;
export type ClinicCountry = keyof typeof VAT_EXEMPTION_NOTES;

/** Every text of the invoice page and PDF, in the three interface languages. */
export const INVOICE_COPY = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issuedOn: 'Date of issue',
    corrects: (number: string, date: string) => `Corrects invoice ${number} of ${date}`,
    seller: 'Issued by',
    buyer: 'Billed to',
    taxId: 'Tax number',
    vatId: 'VAT ID',
    service: 'Service',
    serviceName: 'Video consultation',
    requestServiceName: 'Repeat prescription request (without a consultation)',
    doctor: 'Doctor',
    treatedPerson: (name: string, born: string) => `Patient: ${name}, born ${born}`,
    amount: 'Amount',
    total: 'Total',
    creditTotal: 'Total credited',
    paid: (date: string, card: string | null) =>
      card ? `Paid on ${date} by card ending in ${card}.` : `Paid on ${date} by card.`,
    refunded: (date: string) => `Refunded on ${date} to the original means of payment.`,
    vatExplanation: 'Medical care is exempt from VAT; no VAT is charged.',
    status: 'Status',
    statusPaid: 'Paid',
    statusRefunded: 'Refunded',
    downloadPdf: 'Download invoice (PDF)',
    downloadCreditNotePdf: 'Download credit note (PDF)',
    print: 'To print, use your browser’s print command.',
    providerReceipt: 'Card receipt from Stripe',
    footer: 'Issued electronically; valid without signature.',
    verifyTitle: 'Check this document',
    verifyText: (code: string, url: string) =>
      `Scan the QR code, or enter the code ${code} at ${url}, to see that this document is authentic.`,
  },
  bg: {
    invoice: 'Фактура',
    creditNote: 'Кредитно известие',
    number: 'Номер',
    issuedOn: 'Дата на издаване',
    corrects: (number: string, date: string) => `Към фактура № ${number} от ${date}`,
    seller: 'Доставчик',
    buyer: 'Получател',
    taxId: 'ЕИК / данъчен номер',
    vatId: 'ДДС номер',
    service: 'Услуга',
    serviceName: 'Видеоконсултация',
    requestServiceName: 'Заявка за повторна рецепта (без консултация)',
    doctor: 'Лекар',
    treatedPerson: (name: string, born: string) => `Пациент: ${name}, роден(а) на ${born}`,
    amount: 'Сума',
    total: 'Общо',
    creditTotal: 'Общо кредитирано',
    paid: (date: string, card: string | null) =>
      card ? `Платено на ${date} с карта, завършваща на ${card}.` : `Платено на ${date} с карта.`,
    refunded: (date: string) => `Възстановено на ${date} по първоначалния начин на плащане.`,
    vatExplanation: 'Медицинските услуги са освободени от ДДС; ДДС не се начислява.',
    status: 'Статус',
    statusPaid: 'Платено',
    statusRefunded: 'Възстановено',
    downloadPdf: 'Изтегляне на фактурата (PDF)',
    downloadCreditNotePdf: 'Изтегляне на кредитното известие (PDF)',
    print: 'За печат използвайте командата за печат на браузъра.',
    providerReceipt: 'Разписка за картата от Stripe',
    footer: 'Издадено по електронен път; валидно без подпис и печат.',
    verifyTitle: 'Проверка на документа',
    verifyText: (code: string, url: string) =>
      `Сканирайте QR кода или въведете кода ${code} на ${url}, за да проверите дали документът е истински.`,
  },
  de: {
    invoice: 'Rechnung',
    // Not "Gutschrift": in German VAT law that word means self-billing (§ 14 Abs. 2 UStG).
    creditNote: 'Stornorechnung',
    number: 'Rechnungsnummer',
    issuedOn: 'Rechnungsdatum',
    corrects: (number: string, date: string) => `Korrektur der Rechnung ${number} vom ${date}`,
    seller: 'Leistungserbringer',
    buyer: 'Rechnungsempfänger',
    taxId: 'Steuernummer',
    vatId: 'USt-IdNr.',
    service: 'Leistung',
    serviceName: 'Videosprechstunde',
    requestServiceName: 'Anfrage Folgerezept (ohne Sprechstunde)',
    doctor: 'Ärztin/Arzt',
    treatedPerson: (name: string, born: string) => `Patient/in: ${name}, geboren am ${born}`,
    amount: 'Betrag',
    total: 'Gesamtbetrag',
    creditTotal: 'Stornierter Betrag',
    paid: (date: string, card: string | null) =>
      card ? `Bezahlt am ${date} mit Karte endend auf ${card}.` : `Bezahlt am ${date} mit Karte.`,
    refunded: (date: string) => `Erstattet am ${date} auf das ursprüngliche Zahlungsmittel.`,
    vatExplanation: 'Heilbehandlungen sind von der Umsatzsteuer befreit; es wird keine berechnet.',
    status: 'Status',
    statusPaid: 'Bezahlt',
    statusRefunded: 'Erstattet',
    downloadPdf: 'Rechnung herunterladen (PDF)',
    downloadCreditNotePdf: 'Stornorechnung herunterladen (PDF)',
    print: 'Zum Drucken verwenden Sie die Druckfunktion Ihres Browsers.',
    providerReceipt: 'Kartenbeleg von Stripe',
    footer: 'Elektronisch erstellt und ohne Unterschrift gültig.',
    verifyTitle: 'Dokument prüfen',
    verifyText: (code: string, url: string) =>
      `Scannen Sie den QR-Code oder geben Sie den Code ${code} unter ${url} ein, um die Echtheit dieses Dokuments zu prüfen.`,
  },
} satisfies Record<Locale, unknown>;
