import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection } from './fake-webrtc';
import {
  LINK_CONNECT_TIMEOUT_MS,
  parsePeerSignal,
  PeerLink,
  POLITE_FIRST_OFFER_WAIT_MS,
} from './peer-link';

describe('parsePeerSignal', () => {
  it('reads descriptions and candidates, and nothing else', () => {
    expect(parsePeerSignal({ description: { type: 'offer', sdp: 'v=0' } })).toEqual({
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(
      parsePeerSignal({ candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } }),
    ).toEqual({ candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(parsePeerSignal({ candidate: null })).toEqual({ candidate: null });
    expect(parsePeerSignal({ description: { type: 'rollback', sdp: '' } })).toBeNull();
    expect(parsePeerSignal({ description: { type: 'offer' } })).toBeNull();
    expect(parsePeerSignal({ candidate: { candidate: 5 } })).toBeNull();
    expect(parsePeerSignal({ hello: 'world' })).toBeNull();
  });
});

describe('PeerLink negotiation', () => {
  afterEach(() => vi.useRealTimers());

  const link = (polite: boolean) => {
    const pc = new FakePeerConnection({});
    const sent: unknown[] = [];
    const peer = new PeerLink({
      pc: pc as unknown as RTCPeerConnection,
      polite,
      localStream: null,
      sendSignal: (signal) => sent.push(signal),
      onRemoteStream: () => {},
      onStateChange: () => {},
      onChannel: () => {},
    });
    return { pc, sent, peer };
  };

  it('lets the impolite side offer at once, and the polite side only if no offer came in time', async () => {
    vi.useFakeTimers();
    const impolite = link(false);
    const polite = link(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(impolite.pc.offersMade).toHaveLength(1);
    expect(polite.pc.offersMade).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLITE_FIRST_OFFER_WAIT_MS);
    expect(polite.pc.offersMade).toHaveLength(1);
    impolite.peer.close();
    polite.peer.close();
  });

  it('restarts ICE from the impolite side while the link does not connect', async () => {
    vi.useFakeTimers();
    const impolite = link(false);
    const polite = link(true);
    await vi.advanceTimersByTimeAsync(LINK_CONNECT_TIMEOUT_MS * 2 + 10);
    expect(impolite.pc.restarts).toBe(2);
    expect(polite.pc.restarts).toBe(0);
    impolite.peer.close();
    await vi.advanceTimersByTimeAsync(LINK_CONNECT_TIMEOUT_MS);
    expect(impolite.pc.restarts).toBe(2); // closed: the watchdog stopped
    polite.peer.close();
  });
});
