import { browserAudioContext } from './level-meter';
import type { MediaDevicesLike } from './preview-media';
import { canChooseSpeaker, playTestTone } from './speaker-test';
import { browserPeerConnection, type CreatePeerConnection } from './connection-check';

/** What the device check takes from the browser; tests pass fakes. */
export interface DeviceCheckEnvironment {
  /** Null on a page without a secure connection (or in a browser without cameras). */
  mediaDevices: MediaDevicesLike | null;
  createPeerConnection: CreatePeerConnection | null;
  AudioContext: (new () => AudioContext) | null;
  userAgent: string;
  /** Whether the page may choose the speaker (`setSinkId`). */
  canChooseSpeaker: boolean;
  /** Plays the test sound on the speaker; resolves when it has ended. */
  playTestTone: (speakerId: string | undefined) => Promise<void>;
}

export function browserEnvironment(): DeviceCheckEnvironment {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return {
    mediaDevices: devices && typeof devices.getUserMedia === 'function' ? devices : null,
    createPeerConnection: browserPeerConnection(),
    AudioContext: browserAudioContext(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    canChooseSpeaker: canChooseSpeaker(),
    playTestTone,
  };
}
