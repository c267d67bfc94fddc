import {
  connectionCheckResponseSchema,
  type ConnectionCheck,
} from '@vizita/shared/contracts/meeting-preflight';
import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/** POST /api/guest/connection-check — the STUN/TURN servers to test, for the guest. */
export async function checkGuestConnection(): Promise<ConnectionCheck> {
  const body = await api.post('/api/guest/connection-check', undefined, GUEST_CALL);
  return connectionCheckResponseSchema.parse(body).data;
}
