import { videoConsentStatusResponseSchema } from '@vizita/shared/contracts/meeting-preflight';
import { authApi } from '../../../lib/api-client';

/**
 * GET /api/meetings/video-consent — whether the patient still has to consent to the video
 * service processing their health data (GDPR Art. 9(2)(a)) before the call.
 */
export async function getVideoConsentDue(): Promise<boolean> {
  const body = await authApi.get('/api/meetings/video-consent');
  return videoConsentStatusResponseSchema.parse(body).data.due;
}
