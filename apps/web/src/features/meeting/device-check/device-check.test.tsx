import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IceServer } from '@vizita/shared/contracts/meetings';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { expectNoAxeViolations } from '../../../test/axe';
import { FakeTrack } from '../call/fake-webrtc';
import { DeviceCheck, type DeviceCheckSources } from './device-check';
import { DEVICE_PREFERENCES_KEY } from './device-preferences';
import type { DeviceCheckEnvironment } from './environment';
import { fakeIce } from './fake-ice';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
};

/** A track of the given device, as the browser reports it in getSettings(). */
function track(kind: 'audio' | 'video', deviceId: string) {
  return Object.assign(new FakeTrack(kind), { getSettings: () => ({ deviceId }) });
}

/**
 * The test DOM's own MediaStream (a <video> takes nothing else) of fake tracks, with the
 * getTracks() the test DOM leaves out.
 */
function stream(...tracks: FakeTrack[]) {
  const made = new MediaStream(tracks as unknown as MediaStreamTrack[]);
  return Object.assign(made, { getTracks: () => tracks as unknown as MediaStreamTrack[] });
}

const info = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

const DEVICES = [
  info('videoinput', 'cam-1', 'Integrated Camera'),
  info('videoinput', 'cam-2', 'USB Camera'),
  info('audioinput', 'mic-1', 'Built-in Microphone'),
  info('audiooutput', 'spk-1', ''),
  info('audiooutput', 'spk-2', 'Headphones'),
];

/**
 * mediaDevices that hand out camera and microphone (the requested ids, else the first ones),
 * or refuse as `refuse` says; every track handed out is kept to see it stopped.
 */
function fakeMediaDevices(
  refuse: (constraints: MediaStreamConstraints) => string | null = () => null,
) {
  const tracks: FakeTrack[] = [];
  const idOf = (c: boolean | MediaTrackConstraints | undefined, fallback: string) =>
    typeof c === 'object' && c.deviceId && typeof c.deviceId === 'object' && 'ideal' in c.deviceId
      ? String(c.deviceId.ideal)
      : fallback;
  const getUserMedia = vi.fn((constraints: MediaStreamConstraints) => {
    const name = refuse(constraints);
    if (name) return Promise.reject(new DOMException('refused', name));
    const made: FakeTrack[] = [];
    if (constraints.video) made.push(track('video', idOf(constraints.video, 'cam-1')));
    if (constraints.audio) made.push(track('audio', idOf(constraints.audio, 'mic-1')));
    tracks.push(...made);
    return Promise.resolve(stream(...made));
  });
  const enumerateDevices = vi.fn(() => Promise.resolve(DEVICES));
  return { getUserMedia, enumerateDevices, tracks };
}

/** Web Audio enough for the meter: a microphone that always hears a voice at -20 dBFS. */
class FakeAudioContext {
  state = 'running';
  createMediaStreamSource() {
    return { connect() {}, disconnect() {} };
  }
  createAnalyser() {
    return { fftSize: 0, getFloatTimeDomainData: (samples: Float32Array) => samples.fill(0.1) };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

function environment(over: Partial<DeviceCheckEnvironment> = {}): DeviceCheckEnvironment {
  return {
    mediaDevices: fakeMediaDevices(),
    createPeerConnection: fakeIce(['host', 'srflx', 'relay']),
    canJoinCalls: true,
    AudioContext: null,
    userAgent: UA.chrome,
    canChooseSpeaker: true,
    playTestTone: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

const STUN_TURN: IceServer[] = [
  { urls: 'stun:stun.vizita.test' },
  { urls: 'turn:turn.vizita.test', username: 'u', credential: 'c' },
];

function sources(over: Partial<DeviceCheckSources> = {}): DeviceCheckSources {
  return {
    iceServers: vi.fn(() => Promise.resolve({ iceServers: STUN_TURN, turnNotYet: false })),
    // As fast as it gets: every byte at once.
    download: vi.fn((bytes: number) => Promise.resolve(bytes)),
    ...over,
  };
}

function renderCheck({
  env = environment(),
  src = sources(),
  joinBlocked = null,
}: {
  env?: DeviceCheckEnvironment;
  src?: DeviceCheckSources;
  joinBlocked?: React.ReactNode;
} = {}) {
  const onJoin = vi.fn();
  const view = render(
    <StrictMode>
      <MemoryRouter>
        <DeviceCheck sources={src} joinBlocked={joinBlocked} onJoin={onJoin} environment={env} />
      </MemoryRouter>
    </StrictMode>,
  );
  return { ...view, onJoin, env, src, user: userEvent.setup() };
}

const joinButton = () => screen.getByRole('button', { name: 'Join now' });

beforeEach(async () => {
  await loadSignedInTranslations();
});

describe('DeviceCheck', () => {
  it('shows the camera mirrored and muted, the microphone level, and the room’s rules', async () => {
    renderCheck({ env: environment({ AudioContext: FakeAudioContext as never }) });
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
    expect(screen.getByText('Microphone: works.')).toBeInTheDocument();
    const preview = screen.getByTestId('preview-video');
    expect(preview).toHaveAccessibleName('Your camera preview');
    expect(preview).toHaveProperty('muted', true);
    expect(preview).toHaveClass('-scale-x-100');

    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '67'));
    expect(screen.getByText('Your microphone hears you.')).toBeInTheDocument();

    expect(
      screen.getByText('No recording of any kind — audio, video or screenshots — by anyone.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Everyone present in the room is introduced at the start.'),
    ).toBeInTheDocument();
  });

  it('offers the devices by name, and remembers a new choice on this device', async () => {
    const env = environment();
    const devices = env.mediaDevices as ReturnType<typeof fakeMediaDevices>;
    const { user } = renderCheck({ env });
    // There from the first paint, disabled until the devices are listed: nothing below moves.
    const camera = screen.getByRole('combobox', { name: 'Camera' });
    expect(camera).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Speaker' })).toBeDisabled();
    await waitFor(() => expect(camera).toBeEnabled());
    expect(camera).toHaveValue('cam-1');
    expect(
      within(camera)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Integrated Camera', 'USB Camera']);
    // A speaker the browser does not name yet gets a number.
    const speaker = screen.getByRole('combobox', { name: 'Speaker' });
    expect(
      within(speaker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Speaker 1', 'Headphones']);

    const first = devices.tracks.filter((t) => !t.stopped);
    await user.selectOptions(camera, 'cam-2');
    await waitFor(() => expect(camera).toHaveValue('cam-2'));
    expect(devices.getUserMedia).toHaveBeenLastCalledWith({
      video: expect.objectContaining({ deviceId: { ideal: 'cam-2' } }),
      audio: true,
    });
    // The old camera was let go before the new one was asked for.
    expect(first.every((t) => t.stopped)).toBe(true);
    await user.selectOptions(speaker, 'spk-2');
    expect(JSON.parse(localStorage.getItem(DEVICE_PREFERENCES_KEY)!)).toEqual({
      cameraId: 'cam-2',
      speakerId: 'spk-2',
    });

    await user.click(screen.getByRole('button', { name: 'Play test sound' }));
    expect(env.playTestTone).toHaveBeenCalledWith('spk-2');
    expect(
      await screen.findByText(/Did you hear three rising notes\? If not, turn the volume up/),
    ).toBeInTheDocument();
  });

  it('lets the preview go of the camera before stopping it when the page goes', async () => {
    const env = environment();
    const devices = env.mediaDevices as ReturnType<typeof fakeMediaDevices>;
    const { unmount } = renderCheck({ env });
    await screen.findByText('Camera: works.');
    const preview = screen.getByTestId<HTMLVideoElement>('preview-video');
    expect(preview.srcObject).not.toBeNull();
    // What the video still held as each track stopped (WebKitGTK can hang when it held them).
    const heldAtStop: unknown[] = [];
    for (const t of devices.tracks.filter((t) => !t.stopped)) {
      const stop = t.stop.bind(t);
      t.stop = () => {
        heldAtStop.push(preview.srcObject);
        stop();
      };
    }
    unmount();
    expect(heldAtStop).toEqual([null, null]);
    expect(devices.tracks.every((t) => t.stopped)).toBe(true);
  });

  it('opens with the remembered devices, and offers no speaker choice where the browser has none', async () => {
    localStorage.setItem(DEVICE_PREFERENCES_KEY, JSON.stringify({ microphoneId: 'mic-1' }));
    const env = environment({ canChooseSpeaker: false });
    renderCheck({ env });
    await screen.findByText('Camera: works.');
    expect(env.mediaDevices!.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ audio: { deviceId: { ideal: 'mic-1' } } }),
    );
    expect(screen.queryByRole('combobox', { name: 'Speaker' })).toBeNull();
    expect(
      screen.getByText("The sound plays on your device's default speaker."),
    ).toBeInTheDocument();
  });

  it('explains a blocked camera with Firefox’s steps, and still joins with sound only', async () => {
    const devices = fakeMediaDevices((c) => (c.video ? 'NotAllowedError' : null));
    const { user, onJoin } = renderCheck({
      env: environment({ mediaDevices: devices, userAgent: UA.firefox }),
    });
    expect(
      await screen.findByText('Camera: your browser does not allow this page to use it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Microphone: works.')).toBeInTheDocument();
    expect(
      screen.getByText(/To allow them in Firefox: select the crossed-out camera/),
    ).toBeVisible();
    expect(
      screen.getByText('You can still join: you will be heard, but not seen.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No camera picture')).toBeInTheDocument();

    await user.click(joinButton());
    expect(onJoin).toHaveBeenCalledTimes(1);
    // The check's microphone is let go: the call opens its own.
    expect(devices.tracks.every((t) => t.stopped)).toBe(true);
  });

  it.each([
    ['NotFoundError', 'Camera: none found.', /Connect a camera or microphone/],
    ['NotReadableError', 'Camera: in use by another program.', /Another program is using it/],
  ])('explains %s and checks again on request', async (name, status, fix) => {
    let refuse = true;
    const devices = fakeMediaDevices((c) => (refuse && c.video ? name : null));
    const { user } = renderCheck({ env: environment({ mediaDevices: devices }) });
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(screen.getByText(fix)).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Check camera and microphone again' }));
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
  });

  it('explains both refused in Safari once, and says the call is receive-only', async () => {
    const devices = fakeMediaDevices(() => 'NotAllowedError');
    renderCheck({ env: environment({ mediaDevices: devices, userAgent: UA.safari }) });
    expect(
      await screen.findByText('Microphone: your browser does not allow this page to use it.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/To allow them in Safari/)).toHaveLength(1);
    expect(screen.getByText(/neither see nor hear you/)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).toBeNull();
    expect(joinButton()).toBeEnabled();
  });

  it('explains a page without camera access (no mediaDevices)', async () => {
    renderCheck({ env: environment({ mediaDevices: null }) });
    expect(await screen.findByText('Camera: not available on this page.')).toBeInTheDocument();
    expect(screen.getByText(/not opened over a secure connection \(https\)/)).toBeInTheDocument();
  });

  it('shows the connection: round trip, download against 2,000 kbit/s, STUN and TURN', async () => {
    const { user, src } = renderCheck();
    expect(await screen.findByText(/ms round trip: good\./)).toBeInTheDocument();
    expect(
      await screen.findByText(
        /kbit\/s: enough for video \(a video consultation needs at least 2,000 kbit\/s\)\./,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Answered: your device can learn its internet address/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Answered: the call can connect even through strict firewalls/),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByText('The connection check is finished.')).toBeInTheDocument(),
    );
    const asked = vi.mocked(src.iceServers).mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Check the connection again' }));
    await waitFor(() => expect(src.iceServers).toHaveBeenCalledTimes(asked + 1));
  });

  it('says when the download is below 2,000 kbit/s and no STUN/TURN server is set up', async () => {
    renderCheck({
      src: sources({
        iceServers: () => Promise.resolve({ iceServers: [], turnNotYet: false }),
        // 100 bytes every 5 ms: a few hundred kbit/s.
        download: () => new Promise((resolve) => setTimeout(() => resolve(100), 5)),
      }),
    });
    expect(
      await screen.findByText(/kbit\/s: below the 2,000 kbit\/s a video consultation needs/),
    ).toBeInTheDocument();
    expect(screen.getByText(/None is set up for this service\. Calls within/)).toBeVisible();
    expect(
      screen.getByText(/None is set up for this service: on very strict networks/),
    ).toBeVisible();
  });

  it('says the relay server is checked once the call opens, before its window', async () => {
    renderCheck({
      src: sources({
        iceServers: () =>
          Promise.resolve({ iceServers: [{ urls: 'stun:stun.vizita.test' }], turnNotYet: true }),
      }),
    });
    expect(
      await screen.findByText(/Checked from 15 minutes before the consultation/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/None is set up for this service: on very strict/)).toBeNull();
  });

  it('says when our server cannot be reached, or the servers did not answer', async () => {
    renderCheck({
      env: environment({ createPeerConnection: fakeIce(['host']) }),
      src: sources({ download: () => Promise.reject(new Error('offline')) }),
    });
    expect(await screen.findByText(/Our server could not be reached/)).toBeInTheDocument();
    expect(await screen.findAllByText(/^No answer within 5 seconds/)).toHaveLength(2);
  });

  it('asks the patient for consent once, before joining, and records it', async () => {
    const give = vi.fn(() => Promise.resolve());
    const { user, onJoin } = renderCheck({
      src: sources({ consent: { isDue: () => Promise.resolve(true), give } }),
    });
    const box = await screen.findByRole('checkbox', {
      name: /I consent to Vizita processing data about my health in this video consultation/,
    });
    expect(
      screen.getByRole('link', { name: 'Privacy notice (opens in a new tab)' }),
    ).toHaveAttribute('href', '/legal/privacy');
    await user.click(joinButton());
    expect(onJoin).not.toHaveBeenCalled();
    expect(give).not.toHaveBeenCalled();
    expect(
      screen.getByText('Please give your consent to join the video consultation.'),
    ).toBeVisible();
    expect(box).toHaveFocus();

    await user.click(box);
    await user.click(joinButton());
    expect(give).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onJoin).toHaveBeenCalledTimes(1));
  });

  it('does not join when the consent could not be saved', async () => {
    const give = vi.fn(() => Promise.reject(new Error('offline')));
    const { user, onJoin } = renderCheck({
      src: sources({ consent: { isDue: () => Promise.resolve(true), give } }),
    });
    await user.click(await screen.findByRole('checkbox'));
    await user.click(joinButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your consent could not be saved. Please try again.',
    );
    expect(onJoin).not.toHaveBeenCalled();
  });

  it('asks nothing when the consent was given, or is not the user’s to give', async () => {
    const isDue = vi.fn(() => Promise.resolve(false));
    const { user, onJoin, unmount } = renderCheck({
      src: sources({ consent: { isDue, give: vi.fn() } }),
    });
    await waitFor(() => expect(joinButton()).toBeEnabled());
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(joinButton());
    expect(onJoin).toHaveBeenCalled();
    unmount();

    renderCheck();
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(joinButton()).toBeEnabled();
  });

  it('keeps "Join now" disabled, saying why, while the meeting cannot be joined', async () => {
    renderCheck({ joinBlocked: <p>The meeting will be available in 1 hour.</p> });
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
    expect(joinButton()).toBeDisabled();
    expect(screen.getByText('The meeting will be available in 1 hour.')).toBeInTheDocument();
  });

  it('says before the call that this browser cannot join, with the link to copy, and still checks the devices', async () => {
    const { user, onJoin } = renderCheck({ env: environment({ canJoinCalls: false }) });
    const notice = screen.getByRole('region', {
      name: 'This browser cannot join the video call',
    });
    expect(notice).toHaveTextContent(
      'To join, open this page in a current Chrome, Firefox, Edge or Safari, or continue on your phone',
    );
    const link = within(notice).getByRole('textbox', { name: 'Link to this page' });
    expect(link).toHaveValue(window.location.href);
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    // user-event's stand-in clipboard holds what was copied.
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
    expect(await within(notice).findByText('Link copied.')).toBeInTheDocument();

    // The camera and microphone check works as anywhere; only the join is not offered.
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
    expect(joinButton()).toBeDisabled();
    expect(
      screen.getByText('Open this page in another browser or on your phone to join.'),
    ).toBeInTheDocument();
    await user.click(joinButton());
    expect(onJoin).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('says nothing of the kind where the browser can join', async () => {
    renderCheck();
    expect(await screen.findByText('Camera: works.')).toBeInTheDocument();
    expect(screen.queryByText('This browser cannot join the video call')).toBeNull();
  });
});
