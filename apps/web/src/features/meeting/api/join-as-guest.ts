import { joinMeetingResponseSchema, type JoinMeeting } from '@vizita/shared/contracts/meetings';
import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/** POST /api/guest/join — the same permission to join as everyone's, for the guest's browser. */
export async function joinAsGuest(): Promise<JoinMeeting> {
  const body = await api.post('/api/guest/join', undefined, GUEST_CALL);
  return joinMeetingResponseSchema.parse(body).data;
}
