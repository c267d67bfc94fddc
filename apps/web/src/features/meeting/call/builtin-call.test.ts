import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinMeeting, MeetingRole } from '@vizita/shared/contracts/meetings';
import { ApiError } from '../../../lib/api-client';
import {
  BuiltinCall,
  PING_INTERVAL_MS,
  reconnectDelay,
  resolveSignallingUrl,
  SIGNALLING_GRACE_MS,
} from './builtin-call';
import { DISPLAY_MEDIA_OPTIONS, type GetDisplayMedia } from './display-media';
import {
  FakeMediaStream,
  FakePeerConnection,
  FakeSignallingServer,
  FakeTrack,
  asStream,
  type FakeDataChannel,
} from './fake-webrtc';

function answer(role: MeetingRole, n: number): JoinMeeting {
  return {
    appointmentId: 'a1',
    provider: 'builtin',
    role,
    userName: role === 'patient' ? 'Patient user-1ab' : 'Dr. Ivan Georgiev',
    opensAt: '2026-11-20T08:45:00.000Z',
    closesAt: '2026-11-20T09:30:00.000Z',
    signallingUrl: `/ws/meetings/a1?token=${role}-${n}`,
    iceServers: [{ urls: 'stun:stun.example.org' }],
    roomUrl: null,
    roomToken: null,
  };
}

let server: FakeSignallingServer;

function participant(
  role: MeetingRole,
  {
    media = true,
    deliverMedia = false,
    getDisplayMedia = async () => asStream(new FakeMediaStream([new FakeTrack('video')])),
  }: {
    media?: boolean | 'audio';
    /** Media flow between the two as negotiated (the fake's `deliverMedia`). */
    deliverMedia?: boolean;
    getDisplayMedia?: GetDisplayMedia | null;
  } = {},
) {
  let joins = 0;
  const join = vi.fn(async () => answer(role, ++joins));
  const stream = new FakeMediaStream(
    media === 'audio' ? [new FakeTrack('audio')] : [new FakeTrack('video'), new FakeTrack('audio')],
  );
  const getUserMedia = vi.fn(async () => {
    if (!media) throw new DOMException('denied', 'NotAllowedError');
    return asStream(stream);
  });
  const displayMedia = getDisplayMedia && vi.fn(getDisplayMedia);
  const call = new BuiltinCall({
    first: answer(role, 0),
    join,
    getUserMedia,
    getDisplayMedia: displayMedia,
    createPeerConnection: (config) =>
      new FakePeerConnection(config, deliverMedia) as unknown as RTCPeerConnection,
    createWebSocket: server.connect,
    baseUrl: 'https://vizita.test/dashboard/meeting/a1',
    random: () => 0,
  });
  const pcs = () =>
    FakePeerConnection.created.filter((pc) =>
      pc.tracks.some((t) => stream.getTracks().includes(t)),
    );
  return { call, join, stream, pcs, displayMedia, snapshot: () => call.getSnapshot() };
}

const flush = (ms = 200) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeSignallingServer();
  FakePeerConnection.created = [];
});

afterEach(() => {
  vi.useRealTimers();
});

async function connectedPair() {
  const patient = participant('patient');
  const doctor = participant('doctor');
  patient.call.start();
  doctor.call.start();
  await flush();
  return { patient, doctor };
}

describe('BuiltinCall', () => {
  it('connects patient and doctor: the doctor offers first and the patient answers, no collision', async () => {
    const { patient, doctor } = await connectedPair();

    expect(patient.snapshot().phase).toBe('connected');
    expect(doctor.snapshot().phase).toBe('connected');
    const [patientPc] = patient.pcs();
    const [doctorPc] = doctor.pcs();
    // The polite patient waits for the doctor's offer instead of offering at the same time: the
    // first thing it applies is that offer, in a stable state (no rollback, no collision).
    expect(doctorPc!.offersMade.length).toBeGreaterThan(0);
    expect(patientPc!.remoteApplied[0]).toEqual({ type: 'offer', stateBefore: 'stable' });
    expect(
      patientPc!.remoteApplied.some((r) => r.type === 'offer' && r.stateBefore !== 'stable'),
    ).toBe(false);
    expect(
      doctorPc!.remoteApplied.filter((r) => r.type === 'offer' && r.stateBefore !== 'stable'),
    ).toEqual([]);
    expect(doctorPc!.config.iceServers).toEqual([{ urls: 'stun:stun.example.org' }]);
    // Each side's id in file transfer is its role; the data channel is open on both.
    expect(patient.snapshot()).toMatchObject({
      selfId: 'patient',
      remoteId: 'doctor',
      transportOpen: true,
    });
    expect(doctor.snapshot()).toMatchObject({ selfId: 'doctor', remoteId: 'patient' });
  });

  it('creates the negotiated files channel on both sides and carries messages over it', async () => {
    const { patient, doctor } = await connectedPair();
    const channel = patient.pcs()[0]!.channels[0]!;
    expect(channel.label).toBe('files');
    expect(channel.init).toEqual({ negotiated: true, id: 0, ordered: true });
    expect(channel.binaryType).toBe('arraybuffer');
    expect(channel.bufferedAmountLowThreshold).toBe(1024 * 1024);

    await patient.call.fileTransport.sendMessage('{"hello":1}');
    expect(channel.sent).toEqual(['{"hello":1}']);

    const received = vi.fn();
    doctor.call.onData(received);
    const doctorChannel: FakeDataChannel = doctor.pcs()[0]!.channels[0]!;
    doctorChannel.dispatchEvent(new MessageEvent('message', { data: 'text' }));
    doctorChannel.dispatchEvent(
      new MessageEvent('message', { data: new Uint8Array([1, 2]).buffer }),
    );
    expect(received).toHaveBeenNthCalledWith(1, {
      kind: 'message',
      message: 'text',
      from: 'patient',
    });
    expect(received).toHaveBeenNthCalledWith(2, {
      kind: 'binary',
      frame: new Uint8Array([1, 2]),
      from: 'patient',
    });
  });

  it('shows the remote stream when its tracks arrive', async () => {
    const { patient } = await connectedPair();
    const remote = new FakeMediaStream();
    patient.pcs()[0]!.receiveTrack(new FakeTrack('video'), remote);
    expect(patient.snapshot().remoteStream).toBe(remote);
  });

  it('waits with its own media when the other side leaves, and negotiates afresh when it returns', async () => {
    const { patient, doctor } = await connectedPair();
    const firstPc = patient.pcs()[0]!;
    const localStream = patient.snapshot().localStream;

    doctor.call.leave();
    // The browser closes the link's files channel when the other side's connection closes.
    firstPc.channels[0]!.close();
    await flush();

    expect(patient.snapshot()).toMatchObject({
      phase: 'waiting',
      remoteId: null,
      remoteStream: null,
      transportOpen: false,
    });
    expect(firstPc.closed).toBe(true);
    expect(patient.snapshot().localStream).toBe(localStream);
    expect(patient.stream.getTracks().every((t) => !t.stopped)).toBe(true);
    // The one who left released the camera.
    expect(doctor.stream.getTracks().every((t) => t.stopped)).toBe(true);

    // The doctor reloads the page: a new participant with the same role.
    const doctorAgain = participant('doctor');
    doctorAgain.call.start();
    await flush();

    expect(patient.snapshot().phase).toBe('connected');
    expect(doctorAgain.snapshot().phase).toBe('connected');
    const pcs = patient.pcs();
    expect(pcs).toHaveLength(2);
    expect(pcs[1]!.closed).toBe(false);
    expect(patient.snapshot().localStream).toBe(localStream);
  });

  it('re-joins with a fresh token when the socket drops, keeping its media', async () => {
    const { patient, doctor } = await connectedPair();
    const localStream = patient.snapshot().localStream;
    const firstSocket = server.socketOf('patient')!;

    firstSocket.drop(1006);
    await vi.advanceTimersByTimeAsync(1);
    expect(patient.snapshot().reconnecting).toBe(true);
    expect(patient.join).not.toHaveBeenCalled();

    // The first retry waits half of 500 ms (random 0).
    await flush(300);
    expect(patient.join).toHaveBeenCalledTimes(1);
    await flush();

    const secondSocket = server.socketOf('patient')!;
    expect(secondSocket).not.toBe(firstSocket);
    const url = new URL(secondSocket.url);
    expect(url.origin + url.pathname).toBe('wss://vizita.test/ws/meetings/a1');
    expect(url.searchParams.get('token')).toBe('patient-1');
    // The same page on every socket: the doctor knows it is us back, not a reload.
    expect(url.searchParams.get('instance')).toBe(
      new URL(firstSocket.url).searchParams.get('instance'),
    );
    expect(patient.snapshot()).toMatchObject({ phase: 'connected', reconnecting: false });
    expect(doctor.snapshot().phase).toBe('connected');
    // Only the signalling dropped: the peer connection that carries the call was kept by both.
    expect(patient.pcs()).toHaveLength(1);
    expect(doctor.pcs()).toHaveLength(1);
    expect(patient.pcs()[0]!.closed).toBe(false);
    expect(patient.snapshot().localStream).toBe(localStream);
    expect(patient.stream.getTracks().every((t) => !t.stopped)).toBe(true);
    // Signals now reach the patient's new socket.
    expect(server.socketOf('patient')).toBe(secondSocket);
  });

  it('keeps the call through the other side’s signalling outage, then waits if it never returns', async () => {
    const { patient, doctor } = await connectedPair();
    // The doctor's network to our server is gone (every re-join fails); the link still runs.
    doctor.join.mockRejectedValue(new ApiError(0, 'Network error'));
    server.socketOf('doctor')!.drop(1006);
    await flush(SIGNALLING_GRACE_MS - 1000);
    expect(patient.snapshot().phase).toBe('connected');
    expect(patient.pcs()[0]!.closed).toBe(false);
    await flush(2000);
    expect(patient.snapshot()).toMatchObject({ phase: 'waiting', remoteStream: null });
    expect(patient.pcs()[0]!.closed).toBe(true);
  });

  it('backs off while the join call fails for the network, then gets through', async () => {
    const { patient } = await connectedPair();
    patient.join.mockRejectedValueOnce(new ApiError(0, 'Network error'));
    patient.join.mockRejectedValueOnce(new ApiError(503, 'Unavailable'));

    server.socketOf('patient')!.drop(1006);
    await flush(300);
    expect(patient.join).toHaveBeenCalledTimes(1);
    // The second attempt 500 ms after the first (at 250 ms), the third 1000 ms after that.
    await flush(449);
    expect(patient.join).toHaveBeenCalledTimes(1);
    await flush(2);
    expect(patient.join).toHaveBeenCalledTimes(2);
    await flush(1000);
    expect(patient.join).toHaveBeenCalledTimes(3);
    await flush();
    expect(patient.snapshot()).toMatchObject({ phase: 'connected', reconnecting: false });
  });

  it('asks for a new token when the server refuses an expired one (4401)', async () => {
    server.expired.add('patient-0');
    const patient = participant('patient');
    patient.call.start();
    await flush(1000);
    expect(patient.join).toHaveBeenCalledTimes(1);
    expect(patient.snapshot().phase).toBe('waiting');
  });

  it('ends the call when the server says the meeting ended, releasing the camera', async () => {
    const { patient, doctor } = await connectedPair();
    server.end();
    await flush();
    expect(patient.snapshot()).toMatchObject({ phase: 'ended', endReason: 'ended' });
    expect(doctor.snapshot()).toMatchObject({ phase: 'ended', endReason: 'ended' });
    expect(patient.stream.getTracks().every((t) => t.stopped)).toBe(true);
    // No reconnection after an end.
    await flush(20_000);
    expect(patient.join).not.toHaveBeenCalled();
  });

  it('says "replaced" when the same user joins from another tab', async () => {
    const { patient } = await connectedPair();
    const otherTab = participant('patient');
    otherTab.call.start();
    await flush();
    expect(patient.snapshot()).toMatchObject({ phase: 'ended', endReason: 'replaced' });
    expect(otherTab.snapshot().phase).toBe('connected');
  });

  it('ends instead of retrying when the join is refused for good', async () => {
    const { patient } = await connectedPair();
    patient.join.mockRejectedValueOnce(new ApiError(410, 'ended', null, 'meetingEnded'));
    server.socketOf('patient')!.drop(1006);
    await flush(1000);
    expect(patient.snapshot()).toMatchObject({ phase: 'ended', endReason: 'ended' });
  });

  it('pings every 20 s and drops a socket that went silent', async () => {
    const { patient } = await connectedPair();
    const socket = server.socketOf('patient')!;
    await flush(PING_INTERVAL_MS);
    expect(socket.sent).toContainEqual({ type: 'ping' });

    // The server stops answering (the network went away without a close).
    socket.deliver = () => {};
    await flush(2 * PING_INTERVAL_MS);
    expect(patient.join).not.toHaveBeenCalled();
    await flush(PING_INTERVAL_MS + 1000);
    expect(patient.join).toHaveBeenCalled();
    expect(socket.closedWith).toBe(1000);
  });

  it('goes on receive-only without camera and microphone', async () => {
    const patient = participant('patient', { media: false });
    const doctor = participant('doctor');
    patient.call.start();
    doctor.call.start();
    await flush();
    expect(patient.snapshot()).toMatchObject({
      phase: 'connected',
      localStream: null,
      media: { hasVideo: false, hasAudio: false, issue: 'blocked' },
      cameraOn: false,
      microphoneOn: false,
    });
  });

  it('turns the camera and microphone off and on through the tracks', async () => {
    const { patient } = await connectedPair();
    const [video] = patient.stream.getVideoTracks();
    const [audio] = patient.stream.getAudioTracks();
    patient.call.setCameraOn(false);
    patient.call.setMicrophoneOn(false);
    expect([video!.enabled, audio!.enabled]).toEqual([false, false]);
    expect(patient.snapshot()).toMatchObject({ cameraOn: false, microphoneOn: false });
    patient.call.setCameraOn(true);
    expect(video!.enabled).toBe(true);
    expect(patient.snapshot().cameraOn).toBe(true);
  });

  it('shows the waiting room as the server says, and admits through the socket', async () => {
    const { patient, doctor } = await connectedPair();
    server.socketOf('patient')!.deliver({ type: 'admission', admitted: false, waiting: [] });
    await flush(10);
    expect(patient.snapshot().admission).toEqual({ admitted: false, waiting: [] });
    const waiting = [
      {
        peerId: 'peer-1',
        role: 'patient' as const,
        userName: 'patient',
        waitingSince: '2026-11-20T08:50:00Z',
      },
    ];
    server.socketOf('doctor')!.deliver({ type: 'admission', admitted: false, waiting });
    await flush(10);
    expect(doctor.snapshot().admission).toEqual({ admitted: false, waiting });
    doctor.call.admit();
    expect(server.socketOf('doctor')!.sent).toContainEqual({ type: 'admit' });
    server.socketOf('patient')!.deliver({ type: 'admission', admitted: true, waiting: [] });
    await flush(10);
    expect(patient.snapshot().admission).toEqual({ admitted: true, waiting: [] });
  });

  it('tells the server the call’s quality every 10 s at most, as numbers only', async () => {
    const { patient } = await connectedPair();
    let rtt = 0.12;
    const pc = patient.pcs()[0]! as unknown as { getStats: () => Promise<unknown> };
    pc.getStats = async () => [
      { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: rtt },
    ];
    await flush(2000);
    const socket = server.socketOf('patient')!;
    const reports = () => socket.sent.filter((m) => (m as { type: string }).type === 'quality');
    expect(reports()).toEqual([
      {
        type: 'quality',
        summary: { quality: 'good', rttMs: 120, lossPercent: null, receiveKbps: null },
      },
    ]);
    rtt = 0.5;
    await flush(4000);
    expect(reports()).toHaveLength(1);
    await flush(6000);
    expect(reports().at(-1)).toMatchObject({ summary: { quality: 'poor', rttMs: 500 } });
  });

  it('restarts ICE when the connection fails', async () => {
    const { patient } = await connectedPair();
    const pc = patient.pcs()[0]!;
    pc.fail();
    expect(pc.restarts).toBe(1);
    expect(patient.snapshot().phase).toBe('connecting');
  });
});

describe('reconnectDelay', () => {
  it('doubles from 0.5 s to at most 10 s, randomised to 50–100 %', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, 0.999999))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(reconnectDelay(0, 0)).toBe(250);
  });
});

describe('resolveSignallingUrl', () => {
  it('keeps an absolute ws URL and makes a path absolute against the page', () => {
    expect(resolveSignallingUrl('wss://api.test/ws?t=1', 'https://app.test/x')).toBe(
      'wss://api.test/ws?t=1',
    );
    expect(resolveSignallingUrl('/ws?t=1', 'http://localhost:3000/dashboard')).toBe(
      'ws://localhost:3000/ws?t=1',
    );
  });
});

describe('BuiltinCall screen sharing', () => {
  /** What the next picker gives: a screen stream of one video track. */
  function screenPicker() {
    const track = new FakeTrack('video');
    const stream = new FakeMediaStream([track]);
    return { track, stream, pick: async () => asStream(stream) };
  }

  async function sharingPair(
    doctorOptions: Parameters<typeof participant>[1] = {},
    patientOptions: Parameters<typeof participant>[1] = {},
  ) {
    const screen = screenPicker();
    const doctor = participant('doctor', {
      deliverMedia: true,
      getDisplayMedia: screen.pick,
      ...doctorOptions,
    });
    const patient = participant('patient', { deliverMedia: true, ...patientOptions });
    patient.call.start();
    doctor.call.start();
    await flush();
    return { doctor, patient, screen };
  }

  it('sends the doctor’s screen beside the camera: the patient gets both, told apart', async () => {
    const { doctor, patient, screen } = await sharingPair();
    expect(doctor.snapshot()).toMatchObject({ canShareScreen: true, sharingScreen: false });
    expect(patient.snapshot().remoteStream?.id).toBe(doctor.stream.id);

    await doctor.call.startScreenShare();
    expect(doctor.displayMedia).toHaveBeenCalledWith(DISPLAY_MEDIA_OPTIONS);
    expect(doctor.snapshot()).toMatchObject({ sharingScreen: true, screenShareIssue: null });
    // Sharp text rather than smooth motion.
    expect(screen.track.contentHint).toBe('detail');
    await flush();

    const received = patient.snapshot();
    expect(received.remoteSharingScreen).toBe(true);
    expect(received.remoteScreenStream?.id).toBe(screen.stream.id);
    expect(received.remoteScreenStream?.getTracks()).toEqual([screen.track]);
    // The camera stays the camera, with its sound.
    expect(received.remoteStream?.id).toBe(doctor.stream.id);
    expect(received.remoteStream?.getTracks()).toHaveLength(2);
    // The same link, renegotiated: no new connection.
    expect(patient.pcs()).toHaveLength(1);
    expect(patient.snapshot().phase).toBe('connected');

    doctor.call.stopScreenShare();
    expect(screen.track.stopped).toBe(true);
    expect(doctor.snapshot().sharingScreen).toBe(false);
    await flush();
    expect(patient.snapshot()).toMatchObject({
      remoteSharingScreen: false,
      remoteScreenStream: null,
    });
    expect(patient.snapshot().remoteStream?.id).toBe(doctor.stream.id);
  });

  it('stops everywhere when the browser’s own “Stop sharing” ends the track', async () => {
    const { doctor, patient, screen } = await sharingPair();
    await doctor.call.startScreenShare();
    await flush();
    expect(patient.snapshot().remoteSharingScreen).toBe(true);

    screen.track.end();
    expect(doctor.snapshot().sharingScreen).toBe(false);
    await flush();
    expect(patient.snapshot().remoteScreenStream).toBeNull();
    expect(doctor.pcs()[0]!.tracks).not.toContain(screen.track);
  });

  it('shares from a participant without a camera (audio only), and from the polite side', async () => {
    const screen = screenPicker();
    const { doctor, patient } = await sharingPair(
      {},
      { media: 'audio', getDisplayMedia: screen.pick },
    );
    await patient.call.startScreenShare();
    await flush();
    expect(patient.snapshot()).toMatchObject({
      media: { hasVideo: false, hasAudio: true },
      sharingScreen: true,
    });
    expect(doctor.snapshot().remoteScreenStream?.getTracks()).toEqual([screen.track]);
    // Their microphone is still their "camera" stream: heard, not mistaken for the screen.
    expect(doctor.snapshot().remoteStream?.id).toBe(patient.stream.id);
  });

  it('does nothing when the picker is closed, and explains a refusal', async () => {
    const refusal = { error: new DOMException('Permission denied', 'NotAllowedError') };
    const { doctor } = await sharingPair({
      getDisplayMedia: async () => {
        throw refusal.error;
      },
    });
    await doctor.call.startScreenShare();
    expect(doctor.snapshot()).toMatchObject({ sharingScreen: false, screenShareIssue: null });

    refusal.error = new DOMException(
      "Failed to execute 'getDisplayMedia' on 'MediaDevices': Access to the feature \"display-capture\" is disallowed by permissions policy.",
      'NotAllowedError',
    );
    await doctor.call.startScreenShare();
    expect(doctor.snapshot().screenShareIssue).toBe('blocked');

    refusal.error = new DOMException('Could not start video source', 'NotReadableError');
    await doctor.call.startScreenShare();
    expect(doctor.snapshot().screenShareIssue).toBe('failed');
    expect(doctor.pcs()[0]!.tracks).toHaveLength(2);
  });

  it('cannot share where the browser has no getDisplayMedia (phones)', async () => {
    const { doctor } = await sharingPair({ getDisplayMedia: null });
    expect(doctor.snapshot().canShareScreen).toBe(false);
    await doctor.call.startScreenShare();
    expect(doctor.snapshot()).toMatchObject({
      sharingScreen: false,
      screenShareIssue: 'unsupported',
    });
  });

  it('opens one picker at a time', async () => {
    let pick: (stream: MediaStream) => void = () => {};
    const screen = screenPicker();
    const { doctor } = await sharingPair({
      getDisplayMedia: () => new Promise((resolve) => (pick = resolve)),
    });
    const first = doctor.call.startScreenShare();
    await doctor.call.startScreenShare();
    expect(doctor.displayMedia).toHaveBeenCalledTimes(1);
    pick(asStream(screen.stream));
    await first;
    expect(doctor.snapshot().sharingScreen).toBe(true);
  });

  it('offers the screen again on a new link when the other side reloads', async () => {
    const { doctor, patient, screen } = await sharingPair();
    await doctor.call.startScreenShare();
    await flush();
    patient.call.leave();
    patient.pcs()[0]!.channels[0]!.close();
    doctor.pcs()[0]!.channels[0]!.close();
    await flush();
    expect(doctor.snapshot()).toMatchObject({ phase: 'waiting', sharingScreen: true });

    const patientAgain = participant('patient', { deliverMedia: true });
    patientAgain.call.start();
    await flush();
    expect(patientAgain.snapshot().phase).toBe('connected');
    expect(patientAgain.snapshot().remoteScreenStream?.getTracks()).toEqual([screen.track]);
    expect(patientAgain.snapshot().remoteStream?.id).toBe(doctor.stream.id);
  });

  it('tells the other side about a share stopped while its socket was down, once back', async () => {
    const { doctor, patient, screen } = await sharingPair();
    await doctor.call.startScreenShare();
    await flush();
    expect(patient.snapshot().remoteSharingScreen).toBe(true);

    server.socketOf('doctor')!.drop(1006);
    await vi.advanceTimersByTimeAsync(1);
    // Stopped while nothing reaches the server: the announcement and the new offer are lost.
    doctor.call.stopScreenShare();
    await vi.advanceTimersByTimeAsync(100);
    expect(patient.snapshot().remoteSharingScreen).toBe(true);

    // Back after the first retry (250 ms): the same page, the same link, said again.
    await flush(500);
    expect(doctor.snapshot()).toMatchObject({ reconnecting: false, phase: 'connected' });
    expect(doctor.pcs()).toHaveLength(1);
    expect(patient.snapshot().remoteScreenStream).toBeNull();
    expect(patient.pcs()[0]!.received.has(screen.track)).toBe(false);
  });

  it('ignores a hostile screen announcement from the other side', async () => {
    const { doctor, patient } = await sharingPair();
    const patientPeer = server.members.find((m) => m.peer.role === 'patient')!.peer.peerId;
    const doctorSocket = server.socketOf('doctor')!;
    const hostile: unknown[] = [
      'screen',
      42,
      [],
      { streamId: '<img src=x onerror=alert(1)>' },
      { streamId: 'x'.repeat(10_000) },
      { streamId: { $ne: null } },
    ];
    for (const screen of hostile) {
      doctorSocket.send(JSON.stringify({ type: 'signal', to: patientPeer, data: { screen } }));
    }
    // An id that names no stream: nothing to show, nothing breaks.
    doctorSocket.send(
      JSON.stringify({ type: 'signal', to: patientPeer, data: { screen: { streamId: 'nope' } } }),
    );
    await flush();
    expect(patient.snapshot()).toMatchObject({
      phase: 'connected',
      remoteScreenStream: null,
      remoteSharingScreen: false,
    });
    expect(patient.snapshot().remoteStream?.id).toBe(doctor.stream.id);
    expect(patient.pcs()).toHaveLength(1);
  });

  it('releases the screen on leaving, also when the picker answers after it', async () => {
    const { doctor, patient, screen } = await sharingPair();
    await doctor.call.startScreenShare();
    doctor.call.leave();
    expect(screen.track.stopped).toBe(true);
    expect(doctor.snapshot().sharingScreen).toBe(false);
    patient.pcs()[0]!.channels[0]!.close();
    await flush();
    expect(patient.snapshot()).toMatchObject({ phase: 'waiting', remoteScreenStream: null });

    let pick: (stream: MediaStream) => void = () => {};
    const late = screenPicker();
    const other = participant('doctor', {
      getDisplayMedia: () => new Promise((resolve) => (pick = resolve)),
    });
    other.call.start();
    await flush();
    const sharing = other.call.startScreenShare();
    other.call.leave();
    pick(asStream(late.stream));
    await sharing;
    expect(late.track.stopped).toBe(true);
    expect(other.snapshot().sharingScreen).toBe(false);
  });
});
