import { checkConnection } from '../api/check-connection';
import { downloadSample } from '../api/download-sample';
import { getVideoConsentDue } from '../api/get-video-consent';
import { giveVideoConsent } from '../api/give-video-consent';
import type { DeviceCheckSources } from '../device-check/device-check';

/**
 * The device check's data for a signed-in participant's meeting, from our API: the appointment's
 * connection check, and the video consent for the patient (staff do not give it).
 */
export function appointmentCheckSources(
  appointmentId: string,
  asPatient: boolean,
): DeviceCheckSources {
  return {
    iceServers: () => checkConnection(appointmentId),
    download: downloadSample,
    consent: asPatient ? { isDue: getVideoConsentDue, give: giveVideoConsent } : undefined,
  };
}
