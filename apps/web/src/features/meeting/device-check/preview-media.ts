import { deviceConstraints } from '../call/local-media';
import type { DevicePreferences } from './device-preferences';
import { classifyMediaError, type MediaOutcome } from './media-outcome';

/** The part of `navigator.mediaDevices` the device check uses (tests pass a fake). */
export type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> &
  Partial<Pick<MediaDevices, 'addEventListener' | 'removeEventListener'>>;

export interface PreviewMedia {
  /** Whatever could be had: camera and microphone, one of them, or nothing. */
  stream: MediaStream | null;
  camera: MediaOutcome;
  microphone: MediaOutcome;
}

/**
 * The camera and microphone for the check, each with its own outcome: both together first (one
 * permission prompt), then the microphone alone (a blocked or missing camera still leaves a call
 * with sound), then the camera alone (a missing microphone). When both were refused, nothing is
 * asked again: a third prompt would only annoy. No `mediaDevices` at all means a page without a
 * secure connection (or a very old browser).
 */
export async function openPreview(
  devices: MediaDevicesLike | null,
  preferences: DevicePreferences,
): Promise<PreviewMedia> {
  if (!devices) return { stream: null, camera: 'insecure', microphone: 'insecure' };
  const { video, audio } = deviceConstraints(preferences);
  let both: unknown;
  try {
    const stream = await devices.getUserMedia({ video, audio });
    return { stream, camera: 'ok', microphone: 'ok' };
  } catch (error) {
    both = error;
  }
  let microphone: MediaOutcome;
  try {
    const stream = await devices.getUserMedia({ audio });
    return { stream, camera: classifyMediaError(both), microphone: 'ok' };
  } catch (error) {
    microphone = classifyMediaError(error);
  }
  if (microphone === 'blocked' && classifyMediaError(both) === 'blocked') {
    return { stream: null, camera: 'blocked', microphone };
  }
  try {
    const stream = await devices.getUserMedia({ video });
    return { stream, camera: 'ok', microphone };
  } catch (error) {
    return { stream: null, camera: classifyMediaError(error), microphone };
  }
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

/**
 * The devices by kind. Before a permission the browser lists them without names (or not at
 * all); the system's "default" and "communications" entries (Chrome on Windows) are kept, as
 * they are what the user may want.
 */
export async function listDevices(devices: MediaDevicesLike | null): Promise<DeviceLists> {
  const all = devices ? await devices.enumerateDevices().catch(() => []) : [];
  const real = all.filter((d) => d.deviceId !== '');
  return {
    cameras: real.filter((d) => d.kind === 'videoinput'),
    microphones: real.filter((d) => d.kind === 'audioinput'),
    speakers: real.filter((d) => d.kind === 'audiooutput'),
  };
}

/** The device a stream's first track of this kind comes from, when the browser says. */
export function trackDeviceId(stream: MediaStream | null, kind: 'audio' | 'video') {
  const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
  const settings = typeof track?.getSettings === 'function' ? track.getSettings() : undefined;
  return settings?.deviceId || undefined;
}
