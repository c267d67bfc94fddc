import {
  VIDEO_CONSENT_VERSION,
  type GiveVideoConsentRequest,
} from '@vizita/shared/contracts/meeting-preflight';
import { authApi } from '../../../lib/api-client';

/** POST /api/meetings/video-consent — records the patient's consent to the version shown. */
export async function giveVideoConsent(): Promise<void> {
  const request: GiveVideoConsentRequest = { version: VIDEO_CONSENT_VERSION };
  await authApi.post('/api/meetings/video-consent', request);
}
