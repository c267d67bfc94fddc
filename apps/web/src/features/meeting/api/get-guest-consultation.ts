import {
  guestConsultationResponseSchema,
  type GuestConsultation,
} from '@vizita/shared/contracts/guest-consultations';
import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/** GET /api/guest/consultation — the guest's consultation, by this browser's cookie. */
export async function getGuestConsultation(): Promise<GuestConsultation> {
  const body = await api.get('/api/guest/consultation', GUEST_CALL);
  return guestConsultationResponseSchema.parse(body).data;
}
