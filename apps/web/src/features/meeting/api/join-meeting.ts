import { joinMeetingResponseSchema, type JoinMeeting } from '@vizita/shared/contracts/meetings';
import { authApi } from '../../../lib/api-client';

/**
 * POST /api/meetings/:id/join — the server's permission to join now, with what the provider
 * needs. Asked again on every (re)connection: the signalling token lives two minutes.
 */
export async function joinMeeting(appointmentId: string): Promise<JoinMeeting> {
  const body = await authApi.post(`/api/meetings/${encodeURIComponent(appointmentId)}/join`);
  return joinMeetingResponseSchema.parse(body).data;
}
