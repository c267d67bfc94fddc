import { eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  invoiceCounters,
  invoices,
  issuedDocuments,
  patientProfiles,
  payments,
} from '../src/db/schema.ts';
import { invoicePage } from '../src/modules/invoices/invoice-page.ts';
import { invoiceView } from '../src/modules/invoices/invoice-view.ts';
import { createInvoicing, type IssuedDocument } from '../src/modules/invoices/service.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC. Dr. Petrova works Mon–Fri 09:00–17:00 Sofia time; each test
// books its own days in December.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const CLINIC = {
  CLINIC_NAME: 'MVZ Telemedizin Berlin GmbH',
  CLINIC_ADDRESS: 'Friedrichstraße 100; 10117 Berlin; Deutschland',
  CLINIC_TAX_ID: '27/123/45678',
  CLINIC_VAT_ID: 'DE123456789',
  CLINIC_COUNTRY: 'DE',
  CLINIC_EMAIL: 'praxis@mvz-telemedizin.test',
  CLINIC_PHONE: '+49 30 1234567',
  CLINIC_REPRESENTATIVE: 'Dr. med. Jana Keller (Geschäftsführerin)',
  CLINIC_DPO: 'Datenschutzbeauftragter, datenschutz@mvz-telemedizin.test',
  INVOICE_SERIES: 'VZ',
};
const DE_NOTE = 'Umsatzsteuerfrei gemäß § 4 Nr. 14 Buchst. a UStG';
const BG_NOTE = 'Освободена доставка по чл. 39 от ЗДДС';

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
beforeAll(async () => {
  t = await createTestApp({ clock, env: CLINIC });
  f = await createBookingFixture(t);
});
afterAll(() => t.close());

const bearer = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const paymentOf = async (appointmentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0]!;
const documentsOf = (paymentId: string) =>
  t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
const lastSequence = async () =>
  (await t.db.select({ n: max(invoices.sequence) }).from(invoices))[0]?.n ?? 0;

/** A patient with a name, a language and an address, as their profile would hold them. */
async function patient(locale: 'en' | 'bg' | 'de', first: string, last: string) {
  const [p] = await f.patients(1, { locale, firstName: first, lastName: last });
  await t.db.insert(patientProfiles).values({
    userId: p!.userId,
    street: locale === 'bg' ? 'ул. Граф Игнатиев' : 'Kastanienallee',
    streetNumber: '12',
    postCode: locale === 'bg' ? '1000' : '10435',
    city: locale === 'bg' ? 'София' : 'Berlin',
    countryCode: locale === 'bg' ? 'BG' : 'DE',
  });
  return p!;
}

describe('issuing', () => {
  it('issues an invoice with the next number in the transaction that records the payment', async () => {
    const p = await patient('de', 'Jana', 'Schmidt');
    const before = await lastSequence();
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-01', '09:00');
    const payment = await paymentOf(appointmentId);
    const [invoice, ...more] = await documentsOf(payment.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      series: 'VZ',
      sequence: before + 1,
      number: `VZ-2026-${String(before + 1).padStart(6, '0')}`,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      correctsInvoiceId: null,
    });
    expect(invoice!.details).toMatchObject({
      locale: 'de',
      clinic: { name: CLINIC.CLINIC_NAME, taxId: CLINIC.CLINIC_TAX_ID, country: 'DE' },
      patient: { name: 'Jana Schmidt', address: ['Kastanienallee 12', '10435 Berlin'] },
      doctor: { name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
      service: { kind: 'video-consultation', startsAt: '2026-12-01T07:00:00.000Z' },
      payment: { method: 'card', cardLast4: '4242' },
      vatExemption: DE_NOTE,
    });
  });

  it('numbers parallel fulfilments consecutively: no gap, no duplicate', async () => {
    const people = await f.patients(6);
    const slots = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
    const sessions = [];
    for (const [i, p] of people.entries()) {
      const res = await f.book(p.token, { date: '2026-12-02', slot: slots[i] });
      sessions.push(res.json<{ data: { sessionId: string } }>().data.sessionId);
    }
    const before = await lastSequence();
    const paid = await Promise.all(sessions.map((s) => f.pay(s)));
    expect(paid.map((r) => r.statusCode)).toEqual(Array(6).fill(303));
    const rows = await t.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
    const fresh = rows
      .filter((r) => r.sequence > before)
      .map((r) => r.sequence)
      .sort((a, b) => a - b);
    expect(fresh).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    const [counter] = await t.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, 'VZ'));
    expect(counter!.next).toBe(before + 7);
  });

  it('gives the number back when the issuing transaction fails', async () => {
    const p = await patient('en', 'Anna', 'Lee');
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-03', '09:00');
    const payment = await paymentOf(appointmentId);
    const before = await lastSequence();
    // A refund whose transaction fails after its credit note took a number.
    const invoicing = createInvoicing(loadConfig({ NODE_ENV: 'test', ...CLINIC }).clinic);
    await expect(
      t.db.transaction(async (tx) => {
        const note = await invoicing.issueCreditNote(tx, payment.id, clock(), clock());
        expect(note.sequence).toBe(before + 1);
        throw new Error('the provider refused the refund');
      }),
    ).rejects.toThrow('the provider refused');
    expect(await documentsOf(payment.id)).toHaveLength(1);
    const next = await f.bookPaid(p.token, '2026-12-03', '09:30');
    const [invoice] = await documentsOf((await paymentOf(next.appointmentId)).id);
    expect(invoice!.sequence).toBe(before + 1);
  });

  it('issues a credit note with its own number that corrects the invoice when refunded', async () => {
    const p = await patient('bg', 'Мария', 'Иванова');
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-04', '09:00');
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      headers: { authorization: `Bearer ${p.token}` },
      payload: { reason: 'I have recovered, thank you.', cancelledBy: 'patient' },
    });
    expect(cancel.statusCode).toBe(200);
    const payment = await paymentOf(appointmentId);
    expect(payment.status).toBe('refunded');
    const docs = await documentsOf(payment.id);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({
      correctsInvoiceId: invoice.id,
      amountMinor: -invoice.amountMinor,
      currency: invoice.currency,
      series: 'VZ',
      sequence: invoice.sequence + 1,
      details: { corrects: { number: invoice.number } },
    });

    const page = await bearer(`/receipts/${payment.id}`, p.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Кредитно известие');
    expect(page.body).toContain(`Към фактура № ${invoice.number}`);
    expect(page.body).toContain('/credit-note.pdf?exp=');
    // Each printout carries its verification code, on the page as on the PDF (ADR 0037).
    const codes = await t.db
      .select({ shortCode: issuedDocuments.shortCode })
      .from(issuedDocuments)
      .where(inArray(issuedDocuments.sourceId, [invoice.id, note.id]));
    expect(codes).toHaveLength(2);
    for (const { shortCode } of codes)
      expect(page.body).toContain(`${shortCode.slice(0, 5)}-${shortCode.slice(5)}`);
    expect(page.body).toContain('Проверка на документа');
  });

  it('issues the invoice of an older paid payment the first time it is asked for', async () => {
    const p = await patient('en', 'Old', 'Payer');
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-07', '09:00');
    const payment = await paymentOf(appointmentId);
    await t.db.delete(invoices).where(eq(invoices.paymentId, payment.id));
    const first = await bearer(`/receipts/${payment.id}`, p.token);
    expect(first.statusCode).toBe(200);
    const [again] = await documentsOf(payment.id);
    expect(first.body).toContain(again!.number);
    // Asked twice at once, still one invoice.
    await t.db.delete(invoices).where(eq(invoices.paymentId, payment.id));
    await Promise.all([1, 2, 3].map(() => bearer(`/receipts/${payment.id}`, p.token)));
    expect(await documentsOf(payment.id)).toHaveLength(1);
  });
});

describe('the invoice page and PDF', () => {
  it.each([
    ['bg', 'Петя', 'Димитрова', 'Фактура', 'Видеоконсултация'],
    ['de', 'Lena', 'Müller', 'Rechnung', 'Videosprechstunde'],
  ] as const)(
    'is in the patient’s language (%s) with the clinic, the patient and the VAT note',
    async (locale, first, last, title, service) => {
      const p = await patient(locale, first, last);
      const { appointmentId } = await f.bookPaid(
        p.token,
        '2026-12-08',
        locale === 'bg' ? '09:00' : '09:30',
      );
      const payment = await paymentOf(appointmentId);
      // The page follows the patient's language, not the browser's.
      const res = await t.app.inject({
        url: `/receipts/${payment.id}`,
        headers: { authorization: `Bearer ${p.token}`, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain(`<html lang="${locale}"`);
      for (const text of [
        title,
        service,
        DE_NOTE,
        CLINIC.CLINIC_NAME,
        'Friedrichstraße 100',
        CLINIC.CLINIC_TAX_ID,
        CLINIC.CLINIC_VAT_ID,
        `${first} ${last}`,
        '@media print',
        'size:A4',
      ])
        expect(res.body).toContain(text);
    },
  );

  it('downloads as a PDF with its number, through the payer’s signed link', async () => {
    const p = await patient('bg', 'Иван', 'Петров');
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-09', '09:00');
    const history = await bearer('/api/payments/history', p.token);
    // Newest first: the payment just made.
    const [item] = history.json<{
      data: { id: string; receiptUrl: string; invoicePdfUrl: string }[];
    }>().data;
    expect(item!.invoicePdfUrl).toContain(`/receipts/${item!.id}/invoice.pdf?exp=`);
    const receipt = new URL(item!.receiptUrl);
    const page = await t.app.inject(receipt.pathname + receipt.search);
    expect(page.statusCode).toBe(200);
    const pdfLink = /href="([^"]+\/invoice\.pdf\?[^"]+)"/
      .exec(page.body)![1]!
      .replaceAll('&amp;', '&');
    const pdf = await t.app.inject(new URL(pdfLink).pathname + new URL(pdfLink).search);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [invoice] = await documentsOf((await paymentOf(appointmentId)).id);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${invoice!.number}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(invoice!.number);
    // The Cyrillic text needs an embedded font, not one of the standard 14.
    expect(pdf.rawPayload.toString('latin1')).toContain('DejaVuSans');
    // No refund, no credit note.
    expect(
      (await t.app.inject(`${receipt.pathname}/credit-note.pdf${receipt.search}`)).statusCode,
    ).toBe(404);
  });

  it('prints the Bulgarian exemption for a clinic established in Bulgaria', () => {
    const doc = {
      id: 'x',
      paymentId: 'y',
      kind: 'invoice',
      series: 'VZ',
      sequence: 7,
      number: 'VZ-2026-000007',
      correctsInvoiceId: null,
      amountMinor: 6000,
      currency: 'BGN',
      issuedAt: new Date('2026-01-05T10:00:00Z'),
      details: {
        locale: 'bg',
        clinic: { name: 'Клиника', address: ['София'], taxId: '123', vatId: null, country: 'BG' },
        patient: { name: 'Мария Иванова', address: [], countryCode: 'BG' },
        doctor: { name: 'Д-р Петрова', specialties: ['cardiology'] },
        service: {
          kind: 'video-consultation',
          startsAt: '2026-01-06T08:00:00Z',
          timeZone: 'Europe/Sofia',
        },
        payment: {
          paidAt: '2026-01-05T10:00:00Z',
          method: 'card',
          cardLast4: null,
          provider: 'local',
        },
        vatExemption: BG_NOTE,
      },
    } satisfies IssuedDocument;
    const html = invoicePage('bg', [{ view: invoiceView(doc), pdfUrl: '/x.pdf' }], {
      refunded: false,
      providerReceiptUrl: null,
    });
    expect(html).toContain(BG_NOTE);
    // An old BGN payment keeps its currency on the invoice.
    expect(html).toMatch(/60,00\s*лв/);
  });
});

describe('access', () => {
  it('answers a stranger, a doctor and a forged link exactly as receipts do; the payer and admins get it', async () => {
    const p = await patient('en', 'Paula', 'Payer');
    const [stranger] = await f.patients(1);
    const [admin] = await f.patients(1, { isAdmin: true });
    const doctor = await f.signIn(f.doctorId);
    const { appointmentId } = await f.bookPaid(p.token, '2026-12-10', '09:00');
    const payment = await paymentOf(appointmentId);
    for (const path of [`/receipts/${payment.id}`, `/receipts/${payment.id}/invoice.pdf`]) {
      expect((await bearer(path)).statusCode).toBe(403);
      const forbidden = await bearer(path, stranger!.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.headers['content-type']).toContain('text/html');
      expect(forbidden.body).not.toContain('Paula');
      expect((await bearer(path, doctor.token)).statusCode).toBe(403);
      expect((await bearer(`${path}?exp=9999999999&sig=forged`)).statusCode).toBe(403);
      expect((await bearer(path, p.token)).statusCode).toBe(200);
      expect((await bearer(path, admin!.token)).statusCode).toBe(200);
    }
    // An unknown payment looks like a forbidden one; a bad id or file name is a 400.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await bearer(`/receipts/${unknown}`, admin!.token)).statusCode).toBe(403);
    expect((await bearer(`/receipts/${payment.id}/other.pdf`, p.token)).statusCode).toBe(400);
    expect((await bearer('/receipts/not-an-id', p.token)).statusCode).toBe(400);
  });
});

describe('configuration', () => {
  it('refuses to start in production without the clinic’s invoice data', () => {
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://clinic.example.de',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      ALLOW_LOCAL_PAYMENTS: 'true',
      MAIL_MODE: 'outbox',
    };
    expect(() => loadConfig(production)).toThrow(/CLINIC_NAME: required in production/);
    expect(() => loadConfig(production)).toThrow(/CLINIC_TAX_ID: required in production/);
    expect(loadConfig({ ...production, ...CLINIC }).clinic).toMatchObject({
      name: CLINIC.CLINIC_NAME,
      address: ['Friedrichstraße 100', '10117 Berlin', 'Deutschland'],
      country: 'DE',
    });
    expect(loadConfig({ NODE_ENV: 'development' }).clinic.name).toContain('not a real business');
    expect(() => loadConfig({ NODE_ENV: 'development', INVOICE_SERIES: 'bad-series' })).toThrow(
      /INVOICE_SERIES/,
    );
  });
});
