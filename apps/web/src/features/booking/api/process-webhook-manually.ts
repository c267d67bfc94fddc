import { appointmentIdResponseSchema } from '@vizita/shared/contracts/payments';
import { authApi } from '../../../lib/api-client';

/** POST /api/payments/process-webhook-manually — fulfils a checkout whose webhook is late. */
export async function processWebhookManually(sessionId: string): Promise<string | null> {
  const body = await authApi.post('/api/payments/process-webhook-manually', { sessionId });
  return appointmentIdResponseSchema.parse(body).data.appointmentId;
}
