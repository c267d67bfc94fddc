import {
  VIDEO_CONSENT_VERSION,
  type GiveVideoConsentRequest,
} from '@vizita/shared/contracts/meeting-preflight';
import { api } from '../../../lib/api-client';
import { GUEST_CALL } from './guest-call';

/** POST /api/guest/video-consent — the guest's consent to the video service (Art. 9(2)(a)). */
export async function giveGuestVideoConsent(): Promise<void> {
  const request: GiveVideoConsentRequest = { version: VIDEO_CONSENT_VERSION };
  await api.post('/api/guest/video-consent', request, GUEST_CALL);
}
