import { browserAudioContext } from './level-meter';
import type { MediaDevicesLike } from './preview-media';
import { canChooseSpeaker, playTestTone } from './speaker-test';
import { browserPeerConnection, type CreatePeerConnection } from './connection-check';
import { browserCallCapabilities, canJoinCalls } from './call-support';

/** What the device check takes from the browser; tests pass fakes. */
export interface DeviceCheckEnvironment {
  /** Null on a page without a secure connection (or in a browser without cameras). */
  mediaDevices: MediaDevicesLike | null;
  createPeerConnection: CreatePeerConnection | null;
  /** Whether this browser can join a call at all (WebRTC and cameras); issue #23. */
  canJoinCalls: boolean;
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
    canJoinCalls: canJoinCalls(browserCallCapabilities()),
    AudioContext: browserAudioContext(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    canChooseSpeaker: canChooseSpeaker(),
    playTestTone,
  };
}
