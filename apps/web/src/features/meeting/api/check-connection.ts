import {
  connectionCheckResponseSchema,
  type ConnectionCheck,
} from '@vizita/shared/contracts/meeting-preflight';
import { authApi } from '../../../lib/api-client';

/**
 * POST /api/meetings/:id/connection-check — the STUN/TURN servers a join would use, with a
 * short-lived TURN credential once the call is open, for the device check to see whether they
 * answer.
 */
export async function checkConnection(appointmentId: string): Promise<ConnectionCheck> {
  const body = await authApi.post(
    `/api/meetings/${encodeURIComponent(appointmentId)}/connection-check`,
  );
  return connectionCheckResponseSchema.parse(body).data;
}
