import type { Appointment } from '@vizita/shared/contracts/appointments';
import { refundIsDue } from '@vizita/shared/domain/appointment-policy';
import { formatAmount } from '../../../lib/money';

// The cancellation policy (docs/decisions/0012): a patient who cancels at least 24 hours before
// the start is refunded in full; later, nothing is refunded — except a prescription request
// (issue #21), refunded in full whenever she withdraws it unanswered. The server decides and
// answers with what it did; this only tells the patient beforehand.

export type RefundPreview =
  | { kind: 'full'; amount: string; currency: string }
  | { kind: 'none' }
  /** Nothing was paid (or the amount is unknown): the dialog says nothing about money. */
  | { kind: 'unpaid' };

/** What cancelling now would do to the payment of `appointment`. */
export function refundPreview(
  appointment: Pick<Appointment, 'startsAt' | 'plan' | 'paymentAmount' | 'paymentCurrency'>,
  now: Date,
): RefundPreview {
  const { paymentAmount, paymentCurrency } = appointment;
  if (!paymentAmount || paymentAmount <= 0 || !paymentCurrency) return { kind: 'unpaid' };
  const { plan } = appointment;
  if (!refundIsDue('patient', { startsAt: new Date(appointment.startsAt), plan }, now))
    return { kind: 'none' };
  return { kind: 'full', amount: formatAmount(paymentAmount), currency: paymentCurrency };
}
