import { appointmentIdResponseSchema } from '@vizita/shared/contracts/payments';
import { authApi } from '../../../lib/api-client';

/** POST /api/payments/process-dev-payment — fulfils a checkout on a developer's machine. */
export async function processDevPayment(sessionId: string): Promise<string | null> {
  const body = await authApi.post('/api/payments/process-dev-payment', { sessionId });
  return appointmentIdResponseSchema.parse(body).data.appointmentId;
}
