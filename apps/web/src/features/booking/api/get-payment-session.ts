import { paymentSessionResponseSchema } from '@vizita/shared/contracts/payments';
import { authApi } from '../../../lib/api-client';

export interface PaymentLookup {
  id: string;
  appointmentId: string | null;
  status: string;
  amount: number;
  currency: string;
}

/**
 * GET /api/payments/session/:sessionId — the payment of a checkout; the server first asks the
 * provider whether it was paid, so a finished checkout already has its appointment.
 */
export async function getPaymentSession(sessionId: string): Promise<PaymentLookup> {
  const body = await authApi.get(`/api/payments/session/${encodeURIComponent(sessionId)}`);
  return paymentSessionResponseSchema.parse(body).data.payment;
}
