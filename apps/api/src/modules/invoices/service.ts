import { LOCALES, type Locale } from '@vizita/shared/constants';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { VAT_EXEMPTION_NOTES, type ClinicCountry } from './invoice-copy.ts';
import type { IssuedDocumentRef, IssuedDocuments } from '../verification/issued-documents.ts';
import { treatedPersons } from '../family/dependants.ts';
import * as repo from './repo.ts';

export type ClinicSettings = Config['clinic'];

/**
 * What an invoice prints, frozen when it is issued: a later change of the clinic's address, the
 * patient's name or the doctor's specialties never alters a document already given out.
 */
export type InvoiceDetails = {
  locale: Locale;
  clinic: {
    name: string;
    address: string[];
    taxId: string;
    vatId: string | null;
    country: ClinicCountry;
  };
  /** Who paid: the account holder. */
  patient: { name: string; address: string[]; countryCode: string | null };
  /**
   * Who was treated, when not the payer (issue #22, ADR 0043): a person in the holder's account.
   * Absent on invoices for the payer's own visit, and on every invoice issued before.
   */
  treatedPerson?: { name: string; birthDate: string };
  doctor: { name: string; specialties: string[] };
  /** What was paid for: a video visit, or a repeat prescription asked for without one. */
  service: {
    // 'on-demand-consultation': "see a doctor now", paid before a doctor took it (ADR 0042).
    kind: 'video-consultation' | 'prescription-request' | 'on-demand-consultation';
    startsAt: string;
    timeZone: string;
  };
  payment: {
    paidAt: string;
    method: 'card';
    cardLast4: string | null;
    provider: string;
    refundedAt?: string;
  };
  vatExemption: string;
  corrects?: { number: string; issuedAt: string };
};

const SERVICE_KINDS = {
  consultation: 'video-consultation',
  'follow-up': 'video-consultation',
  prescription: 'prescription-request',
  'on-demand': 'on-demand-consultation',
} as const satisfies Record<string, InvoiceDetails['service']['kind']>;

export type IssuedDocument = repo.InvoiceRow & { details: InvoiceDetails };

const verificationKind = (kind: repo.InvoiceRow['kind']) =>
  kind === 'invoice' ? ('invoice' as const) : ('credit-note' as const);

/**
 * What the verification signature covers (ADR 0037): the document as issued, read back from its
 * row, so that a changed amount, number or name fails the public check.
 */
const verifiedContent = (row: repo.InvoiceRow) => ({
  kind: row.kind,
  number: row.number,
  amountMinor: row.amountMinor,
  currency: row.currency,
  issuedAt: row.issuedAt.toISOString(),
  paymentId: row.paymentId,
  correctsInvoiceId: row.correctsInvoiceId,
  details: row.details,
});

const asLocale = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';

/**
 * `VZ-2026-000042`: the series, the year of issue (for the reader only) and the sequence, which
 * never restarts — one unbroken run per series, as both countries' rules accept (ADR 0021).
 */
export const invoiceNumber = (series: string, issuedAt: Date, sequence: number) =>
  `${series}-${issuedAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;

/**
 * Issues invoices and credit notes inside the caller's transaction (payments' fulfil/refund), and
 * registers each for verification there (without `issuedDocuments` — a test of the numbering
 * alone — none is registered).
 */
export function createInvoicing(settings: ClinicSettings, issuedDocuments?: IssuedDocuments) {
  const series = settings.invoiceSeries;

  issuedDocuments?.contentSource(['invoice', 'credit-note'], async (db, sourceId) => {
    const row = await repo.invoiceById(db, sourceId);
    return row ? verifiedContent(row) : undefined;
  });

  /** Registers a document for verification, once (ADR 0037); undefined without the register. */
  async function register(tx: Tx, doc: repo.InvoiceRow): Promise<IssuedDocumentRef | undefined> {
    if (!issuedDocuments) return undefined;
    const facts = await repo.invoiceFacts(tx, doc.paymentId);
    if (!facts) return undefined;
    return issuedDocuments.issueDocument(tx, {
      kind: verificationKind(doc.kind),
      sourceId: doc.id,
      patientId: facts.payment.patientId,
      doctorId: facts.appointment.doctorId,
      appointmentId: facts.payment.appointmentId,
      validFrom: issuedDocuments.clinicDate(doc.issuedAt),
      validUntil: null,
      content: verifiedContent(doc),
      issuedAt: doc.issuedAt,
    });
  }

  async function insert(
    tx: Tx,
    values: Omit<Parameters<typeof repo.insertInvoice>[1], 'series' | 'sequence' | 'number'>,
  ) {
    const sequence = await repo.takeSequence(tx, series);
    const number = invoiceNumber(series, values.issuedAt, sequence);
    const row = await repo.insertInvoice(tx, { ...values, series, sequence, number });
    await register(tx, row);
    return row as IssuedDocument;
  }

  async function issueInvoice(tx: Tx, paymentId: string, now: Date) {
    // One invoice per payment, whatever retries a crash leaves behind.
    const existing = await repo.invoiceOfPayment(tx, paymentId, 'invoice');
    if (existing) return existing as IssuedDocument;
    const facts = await repo.invoiceFacts(tx, paymentId);
    if (!facts?.payment.paidAt) throw new Error(`payment ${paymentId} is not paid`);
    const { payment, patient, address, doctor, doctorProfile, appointment } = facts;
    const treated = appointment.dependantId
      ? (await treatedPersons(tx, [appointment.dependantId], now)).get(appointment.dependantId)
      : undefined;
    const street = [address?.street, address?.streetNumber].filter(Boolean).join(' ');
    const town = [address?.postCode, address?.city].filter(Boolean).join(' ');
    const details: InvoiceDetails = {
      locale: asLocale(patient.locale),
      clinic: {
        name: settings.name,
        address: settings.address,
        taxId: settings.taxId,
        vatId: settings.vatId,
        country: settings.country,
      },
      patient: {
        name: `${patient.firstName} ${patient.lastName}`,
        address: [street, town].filter(Boolean),
        countryCode: address?.countryCode ?? null,
      },
      ...(treated
        ? {
            treatedPerson: {
              name: `${treated.firstName} ${treated.lastName}`,
              birthDate: treated.birthDate,
            },
          }
        : {}),
      // A visit with the first free doctor is paid before anyone takes it: the specialty asked
      // for stands where the doctor's name would (ADR 0042).
      doctor: doctor
        ? {
            name: doctorDisplayName({ ...doctor, title: doctorProfile?.title }),
            specialties: doctorProfile?.specialties ?? [],
          }
        : { name: '', specialties: facts.onDemandSpecialty ? [facts.onDemandSpecialty] : [] },
      service: {
        kind: SERVICE_KINDS[appointment.plan],
        startsAt: appointment.startsAt.toISOString(),
        // The patient's own zone, as everywhere else they read the time (ADR 0019).
        timeZone: patient.timeZone ?? appointment.timeZone,
      },
      payment: {
        paidAt: payment.paidAt!.toISOString(),
        method: 'card',
        cardLast4: facts.cardLast4 ?? null,
        provider: payment.provider,
      },
      vatExemption: VAT_EXEMPTION_NOTES[settings.country],
    };
    return insert(tx, {
      paymentId,
      kind: 'invoice',
      correctsInvoiceId: null,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      details,
      issuedAt: now,
    });
  }

  const invoicing = {
    /**
     * The document's registration for its QR code and short code; one issued before documents
     * were registered gets its registration now, signed as the document stands.
     */
    async verificationOf(db: Db, doc: repo.InvoiceRow): Promise<IssuedDocumentRef | undefined> {
      if (!issuedDocuments) return undefined;
      const found = await issuedDocuments.registrationOf(db, verificationKind(doc.kind), doc.id);
      return found ?? db.transaction((tx) => register(tx, doc));
    },

    /** The payment's invoice, issued now with the next number (the payment is already paid). */
    issueInvoice,

    /**
     * A credit note for the whole invoice, with its own number from the same series. A payment
     * refunded before invoices existed gets its invoice first, so the note has one to point at.
     */
    async issueCreditNote(tx: Tx, paymentId: string, refundedAt: Date, now: Date) {
      const existing = await repo.invoiceOfPayment(tx, paymentId, 'credit_note');
      if (existing) return existing as IssuedDocument;
      const invoice =
        ((await repo.invoiceOfPayment(tx, paymentId, 'invoice')) as IssuedDocument | undefined) ??
        (await issueInvoice(tx, paymentId, now));
      const details: InvoiceDetails = {
        ...invoice.details,
        payment: { ...invoice.details.payment, refundedAt: refundedAt.toISOString() },
        corrects: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      };
      return insert(tx, {
        paymentId,
        kind: 'credit_note',
        correctsInvoiceId: invoice.id,
        amountMinor: -invoice.amountMinor,
        currency: invoice.currency,
        details,
        issuedAt: now,
      });
    },

    /**
     * The documents of a paid (or refunded) payment. Payments completed before invoices existed
     * get theirs the first time they are asked for; the payment row lock keeps two first reads
     * from issuing twice.
     */
    async documentsOf(
      db: Db,
      payment: { id: string; status: string },
      now: Date,
    ): Promise<IssuedDocument[]> {
      const wanted = (status: string) =>
        status === 'refunded' ? 2 : status === 'completed' ? 1 : 0;
      const existing = (await repo.invoicesOfPayment(db, payment.id)) as IssuedDocument[];
      if (existing.length >= wanted(payment.status)) return existing;
      return db.transaction(async (tx) => {
        const locked = await repo.lockPayment(tx, payment.id);
        if (!locked?.paidAt) return [];
        if (locked.status === 'completed' || locked.status === 'refunded')
          await issueInvoice(tx, payment.id, now);
        if (locked.status === 'refunded')
          await invoicing.issueCreditNote(tx, payment.id, locked.refundedAt ?? now, now);
        return (await repo.invoicesOfPayment(tx, payment.id)) as IssuedDocument[];
      });
    },
  };
  return invoicing;
}
export type Invoicing = ReturnType<typeof createInvoicing>;
