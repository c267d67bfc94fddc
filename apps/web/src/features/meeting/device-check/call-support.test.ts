import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCallCapabilities, canJoinCalls } from './call-support';

describe('canJoinCalls', () => {
  const all = { peerConnection: true, getUserMedia: true, secureContext: true };

  it('lets a browser with WebRTC and cameras join', () => {
    expect(canJoinCalls(all)).toBe(true);
  });

  it('refuses a browser without RTCPeerConnection (Debian WebKitGTK), cameras or not', () => {
    expect(canJoinCalls({ ...all, peerConnection: false })).toBe(false);
    expect(canJoinCalls({ ...all, peerConnection: false, secureContext: false })).toBe(false);
  });

  it('refuses a browser without getUserMedia on a secure page, not on an insecure one', () => {
    expect(canJoinCalls({ ...all, getUserMedia: false })).toBe(false);
    expect(canJoinCalls({ ...all, getUserMedia: false, secureContext: false })).toBe(true);
  });
});

describe('browserCallCapabilities', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sees a missing RTCPeerConnection', () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    expect(browserCallCapabilities().peerConnection).toBe(false);
  });

  it('sees an RTCPeerConnection', () => {
    vi.stubGlobal('RTCPeerConnection', class {});
    expect(browserCallCapabilities().peerConnection).toBe(true);
  });
});
