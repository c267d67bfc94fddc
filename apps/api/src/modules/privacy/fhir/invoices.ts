import type { Invoice, Organization, Patient, Reference } from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { fhirId, money } from './references.ts';

type Payment = DataExport['payments'][number];
type Visit = DataExport['appointments'][number];

/**
 * An invoice or credit note the clinic issued for a payment (ADR 0021), as FHIR's Invoice: the
 * number, the kind, the date, the amount (a credit note's is negative, as printed) and what it
 * was for. Not a DocumentReference of the PDF: the export carries the invoice's data, not its
 * PDF, and an app that keeps a patient's costs reads an Invoice's amounts, not a picture of them.
 */
export function invoiceResources(
  payment: Payment,
  visit: Visit | undefined,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
): Invoice[] {
  const original = payment.invoices.find((i) => i.kind === 'invoice');
  return payment.invoices.map((invoice) => {
    const credit = invoice.kind === 'credit_note';
    const amount = money(invoice.amountMinor, invoice.currency);
    const service = visit
      ? `Video consultation with ${visit.doctor}, ${visit.startsAt.slice(0, 10)}`
      : 'Video consultation';
    return {
      resourceType: 'Invoice',
      id: fhirId('invoice', invoice.number),
      identifier: [
        { type: { text: credit ? 'Credit note number' : 'Invoice number' }, value: invoice.number },
      ],
      status: 'issued',
      type: { text: credit ? 'Credit note' : 'Invoice' },
      subject: patient,
      recipient: patient,
      date: invoice.issuedAt,
      issuer: clinic,
      lineItem: [
        {
          sequence: 1,
          chargeItemCodeableConcept: { text: service },
          priceComponent: [{ type: 'base', amount }],
        },
      ],
      totalGross: amount,
      ...(credit && original
        ? { note: [{ text: `Credit note for invoice ${original.number}` }] }
        : {}),
      ...(!credit && payment.paidAt
        ? { paymentTerms: `Paid on ${payment.paidAt.slice(0, 10)}` }
        : {}),
    };
  });
}
