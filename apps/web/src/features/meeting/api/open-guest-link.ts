import {
  guestConsultationResponseSchema,
  type GuestConsultation,
} from '@vizita/shared/contracts/guest-consultations';
import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/**
 * POST /api/guest/session — opens the invitation's link in this browser (once: the server then
 * knows this browser by an httpOnly cookie and refuses the link anywhere else).
 */
export async function openGuestLink(token: string): Promise<GuestConsultation> {
  const body = await api.post('/api/guest/session', { token }, GUEST_CALL);
  return guestConsultationResponseSchema.parse(body).data;
}
