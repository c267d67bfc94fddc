import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakePeerConnection, FakeTrack, asStream } from './fake-webrtc';
import {
  LINK_CONNECT_TIMEOUT_MS,
  parsePeerSignal,
  PeerLink,
  POLITE_FIRST_OFFER_WAIT_MS,
  type PeerSignal,
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

  it('reads a screen announcement, and refuses what no browser would send as a stream id', () => {
    const uuid = '770b0dad-c492-4587-9bb3-4b7ea3c6afee';
    expect(parsePeerSignal({ screen: { streamId: uuid } })).toEqual({
      screen: { streamId: uuid },
    });
    // Firefox's ids are in braces.
    expect(parsePeerSignal({ screen: { streamId: `{${uuid}}` } })).toEqual({
      screen: { streamId: `{${uuid}}` },
    });
    expect(parsePeerSignal({ screen: null })).toEqual({ screen: null });
    // Only the id is kept: nothing else the sender put in reaches the call.
    expect(
      parsePeerSignal({ screen: { streamId: uuid, html: '<img src=x onerror=alert(1)>' } }),
    ).toEqual({ screen: { streamId: uuid } });
    for (const hostile of [
      undefined,
      5,
      'screen',
      true,
      [],
      [uuid],
      {},
      { streamId: 42 },
      { streamId: '' },
      { streamId: 'x'.repeat(65) },
      { streamId: 'a b' },
      { streamId: '<script>' },
      { streamId: 'a"b' },
      { streamId: 'ümlaut' },
      { streamId: { toString: () => uuid } },
    ]) {
      expect(parsePeerSignal({ screen: hostile }), JSON.stringify(hostile)).toBeNull();
    }
  });
});

describe('PeerLink negotiation', () => {
  afterEach(() => vi.useRealTimers());

  const link = (polite: boolean, localStream: FakeMediaStream | null = null) => {
    const pc = new FakePeerConnection({}, true);
    const sent: PeerSignal[] = [];
    const relay: { to: PeerLink | null } = { to: null };
    const cameras: MediaStream[] = [];
    const screens: (MediaStream | null)[] = [];
    const peer = new PeerLink({
      pc: pc as unknown as RTCPeerConnection,
      polite,
      localStream: localStream && asStream(localStream),
      sendSignal: (signal) => {
        sent.push(signal);
        void relay.to?.handleSignal(signal);
      },
      onRemoteStream: (stream) => cameras.push(stream),
      onRemoteScreen: (stream) => screens.push(stream),
      onStateChange: () => {},
      onChannel: () => {},
    });
    return { pc, sent, peer, cameras, screens, relay };
  };

  /** Two links whose signals reach each other, in order, as through the server. */
  const pair = () => {
    const doctor = link(
      false,
      new FakeMediaStream([new FakeTrack('video'), new FakeTrack('audio')]),
    );
    const patient = link(
      true,
      new FakeMediaStream([new FakeTrack('video'), new FakeTrack('audio')]),
    );
    doctor.relay.to = patient.peer;
    patient.relay.to = doctor.peer;
    return { doctor, patient };
  };

  it('tells the screen from the camera by the announced stream, whichever arrives first', async () => {
    vi.useFakeTimers();
    const { doctor, patient } = pair();
    await vi.advanceTimersByTimeAsync(100);
    expect(patient.cameras.at(-1)?.getTracks()).toHaveLength(2);
    expect(patient.screens).toEqual([]);

    const screenTrack = new FakeTrack('video');
    const screen = new FakeMediaStream([screenTrack]);
    doctor.sent.length = 0;
    doctor.peer.shareScreen(asStream(screen));
    await vi.advanceTimersByTimeAsync(100);
    // Announced first, then the offer that carries the track (a renegotiation).
    expect(doctor.sent[0]).toEqual({ screen: { streamId: screen.id } });
    expect(doctor.sent[1]).toMatchObject({ description: { type: 'offer' } });

    const shown = patient.screens.at(-1)!;
    expect(shown.id).toBe(screen.id);
    expect(shown.getTracks()).toEqual([screenTrack]);
    // The camera is still the camera.
    expect(patient.cameras.at(-1)!.id).not.toBe(screen.id);

    doctor.peer.shareScreen(null);
    expect(doctor.sent.at(-1)).toEqual({ screen: null });
    await vi.advanceTimersByTimeAsync(100);
    expect(patient.screens.at(-1)).toBeNull();
    expect(doctor.pc.tracks).not.toContain(screenTrack);

    // A track that came before its announcement (a reordering) moves to the screen when told.
    const late = new FakeMediaStream([], 'late-screen');
    patient.pc.receiveTrack(new FakeTrack('video'), late);
    expect(patient.screens.at(-1)).toBeNull();
    await patient.peer.handleSignal({ screen: { streamId: 'late-screen' } });
    expect(patient.screens.at(-1)).toBe(late);
    expect(patient.cameras.at(-1)!.id).not.toBe('late-screen');
    doctor.peer.close();
    patient.peer.close();
  });

  it('lets the polite side share too, and says again on resync what may have been lost', async () => {
    vi.useFakeTimers();
    const { doctor, patient } = pair();
    await vi.advanceTimersByTimeAsync(100);
    const screen = new FakeMediaStream([new FakeTrack('video')]);
    patient.peer.shareScreen(asStream(screen));
    await vi.advanceTimersByTimeAsync(100);
    expect(doctor.screens.at(-1)?.id).toBe(screen.id);

    patient.sent.length = 0;
    patient.peer.resync();
    expect(patient.sent).toEqual([{ screen: { streamId: screen.id } }]);
    doctor.peer.close();
    patient.peer.close();
  });

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
