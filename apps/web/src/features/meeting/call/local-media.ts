import type { DevicePreferences } from '../device-check/device-preferences';
import type { LocalMediaState } from './call-session';

export type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

export interface LocalMedia {
  /** Null when the call goes on receive-only. */
  stream: MediaStream | null;
  state: LocalMediaState;
}

function issueOf(error: unknown): NonNullable<LocalMediaState['issue']> {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  // Chrome says NotAllowedError for a refusal by the user or by policy; older names linger.
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'blocked';
  }
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError'
  ) {
    return 'notFound';
  }
  return 'failed';
}

const VIDEO: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 } };

/**
 * The camera and microphone constraints for the devices chosen on the device check: `ideal`, not
 * `exact`, so that a remembered device that is gone falls back to another one, not to nothing.
 */
export function deviceConstraints(preferred: DevicePreferences = {}) {
  const video: MediaTrackConstraints = preferred.cameraId
    ? { ...VIDEO, deviceId: { ideal: preferred.cameraId } }
    : VIDEO;
  const audio: MediaTrackConstraints | true = preferred.microphoneId
    ? { deviceId: { ideal: preferred.microphoneId } }
    : true;
  return { video, audio };
}

/**
 * The camera and microphone, with what can be had when not both: a blocked or missing camera
 * still leaves the microphone (audio-only), and with neither the call goes on receive-only — the
 * user can still see and hear the other side. `issue` is the first refusal's reason, for the page
 * to explain. A missing `mediaDevices` (an insecure page) is the same as no devices. `preferred`
 * are the devices chosen on the device check (device-preferences.ts).
 */
export async function acquireLocalMedia(
  getUserMedia: GetUserMedia | null,
  preferred: DevicePreferences = {},
): Promise<LocalMedia> {
  if (!getUserMedia) {
    return { stream: null, state: { hasVideo: false, hasAudio: false, issue: 'failed' } };
  }
  const { video, audio } = deviceConstraints(preferred);
  let issue: LocalMediaState['issue'] = null;
  try {
    const stream = await getUserMedia({ video, audio });
    return {
      stream,
      state: {
        hasVideo: stream.getVideoTracks().length > 0,
        hasAudio: stream.getAudioTracks().length > 0,
        issue: null,
      },
    };
  } catch (error) {
    issue = issueOf(error);
  }
  try {
    const stream = await getUserMedia({ audio });
    return {
      stream,
      state: { hasVideo: false, hasAudio: stream.getAudioTracks().length > 0, issue },
    };
  } catch (error) {
    // Report the microphone's reason when it differs: "blocked" explains more than "not found".
    const audioIssue = issueOf(error);
    return {
      stream: null,
      state: {
        hasVideo: false,
        hasAudio: false,
        issue: audioIssue === 'blocked' ? audioIssue : issue,
      },
    };
  }
}

/** The browser's getUserMedia, or null where there is none (http pages, old browsers). */
export function browserGetUserMedia(): GetUserMedia | null {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== 'function') return null;
  return (constraints) => devices.getUserMedia(constraints);
}

/** Stops every track: the camera light goes off. */
export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
