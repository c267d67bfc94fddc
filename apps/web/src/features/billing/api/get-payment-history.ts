import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: importing the contract module at run time would bring its zod schemas along.
import type { PaymentHistoryItem } from '@vizita/shared/contracts/payments';
import { authApi } from '../../../lib/api-client';

/**
 * A payment as the billing page shows it. The status stays a string: a value this build does not
 * know yet is shown as it came (spec §3 Payment status values), not dropped.
 */
export type BillingItem = Omit<PaymentHistoryItem, 'status'> & {
  status: string;
  /** The fee of "see a doctor now" (issue #22): refunded with no doctor when nobody took her. */
  onDemand: boolean;
};

/**
 * Receipt links are signed when the history is read and live only briefly, so a tab brought back
 * to the front reads the history again (TanStack Query's refetch on window focus) once it is
 * older than this.
 */
const HISTORY_STALE_MS = 60_000;

/** Only web links may become an href: a `javascript:` or `data:` URL would run in our origin. */
function webUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const { protocol } = new URL(value, window.location.href);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

function readItem(item: unknown): BillingItem | null {
  if (typeof item !== 'object' || item === null) return null;
  const p = item as Record<string, unknown>;
  if (
    typeof p.id !== 'string' ||
    typeof p.date !== 'string' ||
    typeof p.amount !== 'number' ||
    !Number.isFinite(p.amount) ||
    typeof p.currency !== 'string' ||
    typeof p.status !== 'string'
  ) {
    return null;
  }
  // The doctor may be missing (an account since removed): the page shows its fallbacks (spec §2).
  const doctor = (p.doctor ?? {}) as Record<string, unknown>;
  const specialties = Array.isArray(doctor.specialties) ? doctor.specialties : [];
  return {
    id: p.id,
    date: p.date,
    doctor: {
      name: typeof doctor.name === 'string' ? doctor.name : '',
      specialties: specialties.filter((s): s is string => typeof s === 'string' && s !== ''),
    },
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    receiptUrl: webUrl(p.receiptUrl),
    invoicePdfUrl: webUrl(p.invoicePdfUrl),
    onDemand: p.onDemand === true,
  };
}

/**
 * The `data` of a GET /api/payments/history answer, checked by hand rather than with the shared
 * zod schema, to keep zod's code out of the signed-in chunks for the same reason as the
 * dashboard's appointments (features/dashboard/api/get-appointments.ts). An answer that is not a
 * list is an error ("Invalid response format", spec §8); an item without the fields a row needs
 * is left out.
 */
export function readPaymentHistory(body: unknown): BillingItem[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('Invalid response format');
  return data.map(readItem).filter((item) => item !== null);
}

/** GET /api/payments/history — the signed-in patient's payments, newest first (spec §7). */
export async function getPaymentHistory(): Promise<BillingItem[]> {
  return readPaymentHistory(await authApi.get('/api/payments/history'));
}

export function getPaymentHistoryQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'history'],
    queryFn: getPaymentHistory,
    staleTime: HISTORY_STALE_MS,
    // TanStack Query's default, stated because fresh receipt links depend on it.
    refetchOnWindowFocus: true,
  });
}

export function usePaymentHistory() {
  return useQuery(getPaymentHistoryQueryOptions());
}
