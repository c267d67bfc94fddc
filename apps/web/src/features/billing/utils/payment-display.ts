import type { PaymentHistoryItem } from '@vizita/shared/contracts/payments';
import { formatAmount as formatNumber } from '../../../lib/money';

/** An amount in major units and its currency code, as the booking dialog shows the fee: "60.00 EUR". */
export function formatAmount(amount: number, currency: string): string {
  return `${formatNumber(amount)} ${currency}`;
}

// Badge colours: each text at least 4.5:1 on its background (WCAG AA), and never the only cue —
// the label says the status too.
const STATUS = {
  completed: {
    key: 'history.status.completed',
    tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  refunded: { key: 'history.status.refunded', tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  failed: { key: 'history.status.failed', tone: 'bg-red-50 text-red-800 ring-red-200' },
  pending: { key: 'history.status.pending', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  cancelled: {
    key: 'history.status.cancelled',
    tone: 'bg-slate-100 text-slate-800 ring-slate-300',
  },
} as const satisfies Record<PaymentHistoryItem['status'], { key: string; tone: string }>;

export type StatusKey = (typeof STATUS)[keyof typeof STATUS]['key'];

const UNKNOWN_TONE = 'bg-slate-100 text-slate-800 ring-slate-300';

/**
 * How a payment status is shown (spec §3): the translation key of a known status, or — for a
 * value this build does not know — the value itself, as it came.
 */
export function paymentStatus(
  status: string,
): { key: StatusKey; tone: string } | { raw: string; tone: string } {
  return Object.hasOwn(STATUS, status)
    ? STATUS[status as keyof typeof STATUS]
    : { raw: status, tone: UNKNOWN_TONE };
}
