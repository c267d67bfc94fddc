import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import { FILE_SIZE_LIMIT_BYTES } from '@vizita/shared/file-transfer/constants';
import { sha256Hex } from '@vizita/shared/file-transfer/sha256';
import { accessToken } from '../../../lib/api-client';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { appointmentData } from '../../../test/fixtures';
import { fail, mockApi, ok } from '../../../test/mock-api';
import type { CallSnapshot } from '../call/call-session';
import { FakeCallSession, linkSessions } from '../call/fake-call-session';
import { FakeTrack } from '../call/fake-webrtc';
import type { CreateCall } from '../call/meeting-call';
import { ChatSession } from '../chat/chat-session';
import { FileExchange } from '../files/file-exchange';
import { MeetingPage } from './meeting-page';

// Friday, November 20, 2026, 09:00 UTC; the appointment starts 5 minutes later (joinable).
const NOW = new Date('2026-11-20T09:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return appointmentData({
    _id: 'a1',
    date: '2026-11-20',
    slot: '11:05',
    startsAt: inMinutes(5),
    meetingUrl: '/dashboard/meeting/a1',
    isJoinable: true,
    ...overrides,
  });
}

function joinAnswer(overrides: Partial<JoinMeeting> = {}): JoinMeeting {
  return {
    appointmentId: 'a1',
    provider: 'builtin',
    role: 'patient',
    userName: 'Patient user-1',
    opensAt: inMinutes(-10),
    closesAt: inMinutes(35),
    signallingUrl: '/ws/meetings/a1?token=t',
    iceServers: [],
    roomUrl: null,
    roomToken: null,
    ...overrides,
  };
}

/** The page's call, made by the test: a fake session the test drives. */
function fakeCalls(initial: Partial<CallSnapshot> = {}) {
  const sessions: FakeCallSession[] = [];
  const createCall = vi.fn<CreateCall>((answer) => {
    const session = new FakeCallSession({ selfId: answer.role, ...initial });
    sessions.push(session);
    return session;
  });
  return { createCall, sessions, current: () => sessions.at(-1)! };
}

/** The device check's calls (device-check/): no STUN/TURN, an empty sample, no consent due. */
const preflight = {
  'POST /api/meetings/a1/connection-check': () => ok({ iceServers: [], turnNotYet: false }),
  'GET /api/meetings/connection-check/download': () => ({ status: 200 }),
  'GET /api/meetings/video-consent': () => ok({ due: false }),
};

function api({
  appointmentReply = ok(appointment()),
  joinReply = ok(joinAnswer()),
}: {
  appointmentReply?: { status: number; body?: unknown } | Promise<never>;
  joinReply?: { status: number; body?: unknown };
} = {}) {
  return mockApi({
    ...preflight,
    'GET /api/appointments/a1': () => appointmentReply,
    'POST /api/meetings/a1/join': () => joinReply,
  });
}

function renderMeeting({ createCall, backTo }: { createCall: CreateCall; backTo?: string }) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/meeting/:id',
        element: <MeetingPage createCall={createCall} {...(backTo ? { backTo } : {})} />,
      },
      { path: '/dashboard/appointments', element: <p>Appointments list</p> },
      { path: '/doctor', element: <p>Doctor area</p> },
    ],
    { initialEntries: ['/dashboard/meeting/a1'] },
  );
  const view = render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...view, router, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

const region = () => screen.getByRole('region', { name: 'Video Consultation' });

/** Passes the device check: "Join now", once it can be pressed (the call starts only then). */
async function joinNow() {
  const button = await screen.findByRole('button', { name: 'Join now' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}
const filesButton = () => screen.getByRole('button', { name: 'Files' });

let createObjectURL: typeof URL.createObjectURL;
let revokeObjectURL: typeof URL.revokeObjectURL;

beforeEach(async () => {
  await loadSignedInTranslations();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  accessToken.set('access-1');
  createObjectURL = URL.createObjectURL;
  revokeObjectURL = URL.revokeObjectURL;
  let urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:received-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('MeetingPage', () => {
  it('says it is connecting while the appointment loads', () => {
    api({ appointmentReply: new Promise<never>(() => {}) });
    renderMeeting(fakeCalls());
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to your appointment');
  });

  it('joins a joinable appointment: ready, then connected with the doctor', async () => {
    const calls = fakeCalls({ phase: 'connecting' });
    const { fetchMock } = api();
    renderMeeting(calls);

    expect(await screen.findByRole('heading', { name: 'Video Consultation' })).toBeInTheDocument();
    // The device check comes first: no call until "Join now".
    expect(await screen.findByTestId('device-check')).toBeInTheDocument();
    expect(screen.getByText('Rules of this room')).toBeInTheDocument();
    expect(calls.createCall).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/meetings/a1/join', expect.anything());
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('device-check')).toBeNull();
    expect(calls.createCall.mock.calls[0]![0]).toEqual(joinAnswer());
    expect(calls.current().started).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/meetings/a1/join', expect.anything());

    expect(screen.getByText('Ready to Join')).toBeInTheDocument();
    expect(screen.getByText('Dr. Ivan Georgiev')).toBeInTheDocument();
    expect(screen.getByText('Fri, Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('11:05')).toBeInTheDocument();
    expect(region()).toHaveAttribute('data-call-state', 'connecting');
    expect(filesButton()).toBeDisabled();
    expect(screen.getByTestId('remote-video')).toHaveAttribute(
      'aria-label',
      'Video of Dr. Ivan Georgiev',
    );

    act(() => calls.current().set({ phase: 'waiting' }));
    expect(region()).toHaveAttribute('data-call-state', 'waiting');
    expect(screen.getByText('Waiting for Dr. Ivan Georgiev to join…')).toBeInTheDocument();
    expect(filesButton()).toBeDisabled();

    // Held in the waiting room: the page says who lets the patient in, and when the visit is.
    act(() => calls.current().set({ admission: { admitted: false, waiting: [] } }));
    expect(screen.getByRole('heading', { name: 'Waiting room' })).toBeInTheDocument();
    expect(screen.getAllByText('Dr. Ivan Georgiev will let you in.').length).toBeGreaterThan(0);
    expect(screen.getByText('Your appointment: Fri, Nov 20, 2026 · 11:05')).toBeInTheDocument();
    act(() => calls.current().set({ admission: { admitted: true, waiting: [] } }));
    expect(screen.queryByRole('heading', { name: 'Waiting room' })).toBeNull();

    act(() => calls.current().set({ phase: 'connected', remoteId: 'doctor', transportOpen: true }));
    expect(region()).toHaveAttribute('data-call-state', 'connected');
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(filesButton()).toBeEnabled();
    expect(
      screen.getByText('Connected. The other participant is in the call.'),
    ).toBeInTheDocument();
  });

  it("shows the doctor the patient's name", async () => {
    const calls = fakeCalls();
    api({ appointmentReply: ok(appointment({ patient: { _id: 'p1', name: 'Elena Petrova' } })) });
    renderMeeting(calls);
    expect(await screen.findByText('Elena Petrova')).toBeInTheDocument();
    expect(screen.getByText('Patient:')).toBeInTheDocument();
  });

  it('shows our camera small and muted, and toggles camera and microphone', async () => {
    // The test DOM's own MediaStream: a <video> takes nothing else.
    const stream = new MediaStream([
      new FakeTrack('video') as unknown as MediaStreamTrack,
      new FakeTrack('audio') as unknown as MediaStreamTrack,
    ]);
    const calls = fakeCalls({
      phase: 'connected',
      localStream: stream,
      media: { hasVideo: true, hasAudio: true, issue: null },
      cameraOn: true,
      microphoneOn: true,
    });
    api();
    const { user } = renderMeeting(calls);
    await joinNow();
    const local = await screen.findByTestId('local-video');
    expect(local).toHaveProperty('muted', true);
    expect(local).toHaveAttribute('playsinline');

    const camera = screen.getByRole('button', { name: 'Camera' });
    const microphone = screen.getByRole('button', { name: 'Microphone' });
    expect(camera).toHaveAttribute('aria-pressed', 'true');
    await user.click(camera);
    expect(camera).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Camera off')).toBeInTheDocument();
    await user.click(microphone);
    expect(calls.current().getSnapshot()).toMatchObject({ cameraOn: false, microphoneOn: false });
  });

  it('explains a blocked camera: the call goes on with sound', async () => {
    const calls = fakeCalls({
      phase: 'connected',
      media: { hasVideo: false, hasAudio: true, issue: 'blocked' },
      microphoneOn: true,
    });
    api();
    renderMeeting(calls);
    await joinNow();
    expect(
      await screen.findByText(/Camera blocked: you can still hear and be heard\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Camera' })).toBeDisabled();
  });

  it.each([
    [
      'meetingNotJoinable',
      409,
      'Meeting not joinable yet. Please try again closer to the appointment time.',
    ],
    ['meetingCancelled', 409, 'This appointment has been cancelled'],
    ['meetingNotConsultation', 400, 'This appointment is not a video consultation'],
    ['meetingNotAvailable', 409, 'This appointment is not available yet'],
    ['meetingEnded', 410, 'This meeting has ended'],
    ['videoProviderUnavailable', 502, 'The video service could not be reached. Please try again.'],
    ['somethingElse', 409, 'Failed to initialize video call'],
  ])('says why the join was refused: %s', async (code, status, text) => {
    const calls = fakeCalls();
    api({ joinReply: fail(status, code) });
    renderMeeting(calls);
    await joinNow();
    expect(
      await screen.findByRole('heading', { name: 'Unable to Join Meeting' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Appointments' })).toHaveAttribute(
      'href',
      '/dashboard/appointments',
    );
    expect(calls.createCall).not.toHaveBeenCalled();
  });

  it('tries again after a refusal', async () => {
    const calls = fakeCalls();
    let refuse = true;
    mockApi({
      ...preflight,
      'GET /api/appointments/a1': () => ok(appointment()),
      'POST /api/meetings/a1/join': () =>
        refuse ? fail(502, 'videoProviderUnavailable') : ok(joinAnswer()),
    });
    const { user } = renderMeeting(calls);
    await joinNow();
    await screen.findByRole('heading', { name: 'Unable to Join Meeting' });
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Video Consultation' })).toBeInTheDocument();
  });

  it.each([
    [fail(404, 'appointmentNotFound'), 'Appointment not found'],
    [fail(403, 'forbidden'), 'Failed to load appointment details'],
    [ok({ unexpected: true }), 'Invalid response format'],
  ])('says when the appointment cannot be loaded (%#)', async (reply, text) => {
    api({ appointmentReply: reply });
    renderMeeting(fakeCalls());
    // An answer that could not be read is retried twice (1 s, then 2 s later), like other loads.
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(
      await screen.findByRole('heading', { name: 'Unable to Join Meeting' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    [{ plan: 'prescription' as const }, 'This appointment is not a video consultation'],
    [{ status: 'cancelled' as const }, 'This appointment has been cancelled'],
    [{ meetingUrl: null }, 'Meeting URL not available. Please contact support.'],
  ])('refuses an appointment without a call (%o) without asking to join', async (change, text) => {
    const { fetchMock } = api({ appointmentReply: ok(appointment(change)) });
    renderMeeting(fakeCalls());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/meetings/a1/join', expect.anything());
  });

  it('shows when the meeting becomes available, and joins once it is', async () => {
    const calls = fakeCalls();
    // Opens 15 minutes before the start: in 1 h 45 min, then in 1 minute.
    const { fetchMock } = api({ appointmentReply: ok(appointment({ startsAt: inMinutes(120) })) });
    const { unmount } = renderMeeting(calls);
    expect(
      await screen.findByRole('heading', { name: 'Meeting not yet available' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The meeting will be available in 1h 45m.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Appointments' })).toHaveAttribute(
      'href',
      '/dashboard/appointments',
    );
    expect(region()).not.toHaveAttribute('data-call-state');
    // The device check is there already; only joining waits.
    expect(screen.getByRole('button', { name: 'Join now' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/meetings/a1/join', expect.anything());
    unmount();

    api({ appointmentReply: ok(appointment({ startsAt: inMinutes(16) })) });
    renderMeeting(calls);
    expect(
      await screen.findByText('The meeting will be available in 1 minute.'),
    ).toBeInTheDocument();
    expect(calls.createCall).not.toHaveBeenCalled();
    // The join state is computed again every 60 seconds: then "Join now" can be pressed.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByText('Meeting not yet available')).not.toBeInTheDocument();
    expect(calls.createCall).not.toHaveBeenCalled();
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalled());
  });

  it('says the meeting has ended once its window has passed', async () => {
    api({ appointmentReply: ok(appointment({ startsAt: inMinutes(-31) })) });
    renderMeeting(fakeCalls());
    expect(await screen.findByText('This meeting has ended.')).toBeInTheDocument();
    expect(region()).toHaveAttribute('data-call-state', 'ended');
    expect(screen.queryByTestId('device-check')).toBeNull();
  });

  it('asks the patient for the video consent before the first call, and records it', async () => {
    const calls = fakeCalls();
    const { calls: requests } = mockApi({
      ...preflight,
      'GET /api/meetings/video-consent': () => ok({ due: true }),
      'POST /api/meetings/video-consent': () => ok(undefined, 'Recorded'),
      'GET /api/appointments/a1': () => ok(appointment()),
      'POST /api/meetings/a1/join': () => ok(joinAnswer()),
    });
    const { user } = renderMeeting(calls);
    await user.click(await screen.findByRole('checkbox', { name: /I consent to Vizita/ }));
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    const given = requests.filter(
      (c) => c.method === 'POST' && c.path === '/api/meetings/video-consent',
    );
    expect(given).toEqual([expect.objectContaining({ body: { version: VIDEO_CONSENT_VERSION } })]);
    // The check's connection test asked for this appointment's ICE servers.
    expect(requests.some((c) => c.path === '/api/meetings/a1/connection-check')).toBe(true);
  });

  it('plays the other side on the speaker chosen on the device check', async () => {
    localStorage.setItem('vizita.meeting-devices.v1', JSON.stringify({ speakerId: 'spk-2' }));
    const setSinkId = vi.spyOn(HTMLMediaElement.prototype, 'setSinkId').mockResolvedValue();
    const calls = fakeCalls({ phase: 'connected' });
    api();
    renderMeeting(calls);
    await joinNow();
    const remote = await screen.findByTestId('remote-video');
    expect(setSinkId).toHaveBeenCalledWith('spk-2');
    expect(setSinkId.mock.contexts).toContain(remote);
    setSinkId.mockRestore();
  });

  it('does not ask the doctor for the video consent', async () => {
    const calls = fakeCalls();
    const { calls: requests } = api({
      appointmentReply: ok(appointment({ patient: { _id: 'p1', name: 'Elena Petrova' } })),
    });
    renderMeeting({ ...calls, backTo: '/doctor' });
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    expect(requests.some((c) => c.path === '/api/meetings/video-consent')).toBe(false);
  });

  it('shows the end of the call, and that another tab took over', async () => {
    const calls = fakeCalls({ phase: 'connected' });
    api();
    renderMeeting(calls);
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalled());
    act(() => calls.current().set({ phase: 'ended', endReason: 'replaced' }));
    expect(region()).toHaveAttribute('data-call-state', 'ended');
    expect(
      screen.getByText(
        'You joined this meeting from another tab or device. The call continues there.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejoin' })).toBeInTheDocument();
  });

  it('says where the browser has no WebRTC that it cannot join, and the rest of the page works', async () => {
    // Debian's WebKitGTK: no RTCPeerConnection at all (issue #23).
    vi.stubGlobal('RTCPeerConnection', undefined);
    const calls = fakeCalls();
    const { fetchMock } = api();
    const { router, user } = renderMeeting(calls);

    expect(
      await screen.findByRole('heading', { name: 'This browser cannot join the video call' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Video Consultation' })).toBeInTheDocument();
    expect(screen.getByText('Dr. Ivan Georgiev')).toBeInTheDocument();
    expect(screen.getByText('Fri, Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Link to this page' })).toHaveValue(
      window.location.href,
    );
    const join = screen.getByRole('button', { name: 'Join now' });
    expect(join).toBeDisabled();
    fireEvent.click(join);
    expect(calls.createCall).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/meetings/a1/join', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Leave Meeting' }));
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  it('leaves to the appointments list, hanging up', async () => {
    const calls = fakeCalls({ phase: 'connected' });
    api();
    const { user, router } = renderMeeting(calls);
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Leave Meeting' }));
    expect(await screen.findByText('Appointments list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
    expect(calls.current().leaveCount).toBeGreaterThan(0);
  });

  it('leaves to backTo when given (the doctor area)', async () => {
    const calls = fakeCalls({ phase: 'connected' });
    api();
    const { user } = renderMeeting({ ...calls, backTo: '/doctor' });
    await user.click(await screen.findByRole('button', { name: 'Leave Meeting' }));
    expect(await screen.findByText('Doctor area')).toBeInTheDocument();
  });
});

describe('MeetingPage file transfer panel', () => {
  async function connected() {
    const calls = fakeCalls({ phase: 'connecting' });
    api();
    const view = renderMeeting(calls);
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    // The doctor, on the other end of the call, with a file transfer of its own.
    const doctor = new FakeCallSession({ selfId: 'doctor' });
    const doctorFiles = new FileExchange({
      session: doctor,
      createObjectUrl: () => 'blob:doctor',
      revokeObjectUrl: () => {},
    });
    act(() => linkSessions(calls.current(), doctor));
    return { ...view, calls, doctor, doctorFiles };
  }

  it('opens as a dialog with the focus inside; Escape closes it and gives the focus back', async () => {
    const { user, doctorFiles } = await connected();
    await user.click(filesButton());
    const panel = screen.getByRole('dialog', { name: 'File Transfer' });
    expect(filesButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('heading', { name: 'File Transfer' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filesButton()).toHaveFocus();
    doctorFiles.dispose();
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const { user, calls, doctorFiles } = await connected();
    await user.click(filesButton());
    const input = screen.getByLabelText('Choose files');
    await user.upload(input, new File([new Uint8Array(FILE_SIZE_LIMIT_BYTES + 1)], 'mri.dcm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is too large (limit: 10MB).');
    expect(calls.current().sentMessages).toEqual([]);
    doctorFiles.dispose();
  });

  it('sends a file with a progress bar to "Sent", and offers a received one for download', async () => {
    const { user, doctorFiles } = await connected();
    await user.click(filesButton());
    const panel = screen.getByRole('dialog', { name: 'File Transfer' });

    await user.upload(
      screen.getByLabelText('Choose files'),
      new File(['blood pressure: 120/80'], 'readings.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar', { name: /readings\.txt/ })).toHaveAttribute(
        'value',
        '100',
      ),
    );
    await waitFor(() => expect(within(panel).getByText('Sent')).toBeInTheDocument());
    await waitFor(() =>
      expect(doctorFiles.getSnapshot().transfers[0]).toMatchObject({
        name: 'readings.txt',
        status: 'completed',
      }),
    );
    expect(screen.getByText('File sent: readings.txt')).toBeInTheDocument();

    const content = new TextEncoder().encode('Prescription: ibuprofen 400 mg');
    act(() => doctorFiles.send([new File([content], 'prescription.txt')]));
    const link = await within(panel).findByRole('link', { name: 'Download prescription.txt' });
    expect(link).toHaveAttribute('href', 'blob:received-1');
    expect(link).toHaveAttribute('download', 'prescription.txt');
    expect(link.closest('[data-sha256]')).toHaveAttribute('data-sha256', await sha256Hex(content));
    expect(screen.getByText('File received: prescription.txt')).toBeInTheDocument();
    doctorFiles.dispose();
  });

  it('chats with the other side: an unread count while closed, Enter sends, never the file transfer', async () => {
    const { user, calls, doctor, doctorFiles } = await connected();
    const doctorChat = new ChatSession(doctor);
    await act(() => doctorChat.send('Guten Tag! Können Sie mich hören?'));
    const chatButton = () => screen.getByRole('button', { name: /^Chat/ });
    await waitFor(() => expect(chatButton()).toHaveAccessibleName('Chat 1 unread message'));

    await user.click(chatButton());
    const panel = screen.getByRole('dialog', { name: 'Chat' });
    const log = within(panel).getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Guten Tag! Können Sie mich hören?')).toBeVisible();
    expect(chatButton()).toHaveAccessibleName('Chat');

    await user.type(within(panel).getByLabelText('Message'), '  Yes, very well.{Enter}');
    expect(await within(log).findByText('Yes, very well.')).toBeVisible();
    expect(within(panel).getByLabelText('Message')).toHaveValue('');
    await waitFor(() =>
      expect(doctorChat.getSnapshot().messages.at(-1)).toMatchObject({
        from: 'them',
        text: 'Yes, very well.',
      }),
    );
    // The file transfer saw the chat go by and made nothing of it.
    expect(doctorFiles.getSnapshot().transfers).toEqual([]);
    expect(calls.current().sentMessages.filter((m) => m.includes('"kind":"chat"'))).toHaveLength(1);

    // Not connected: the text stays in the box and the panel says why.
    act(() => calls.current().set({ transportOpen: false }));
    await user.type(within(panel).getByLabelText('Message'), 'Are you there?{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The message was not sent');
    expect(within(panel).getByLabelText('Message')).toHaveValue('Are you there?');
    await user.keyboard('{Escape}');
    expect(chatButton()).toHaveFocus();
    doctorChat.dispose();
    doctorFiles.dispose();
  });

  it('shows how the connection is doing, and offers to turn the video off when it is poor', async () => {
    const { user, calls, doctorFiles } = await connected();
    act(() =>
      calls.current().set({
        cameraOn: true,
        connection: { quality: 'good', rttMs: 42, lossPercent: 0, receiveKbps: 2400 },
      }),
    );
    expect(await screen.findByText('Connection: good')).toBeVisible();
    expect(screen.getByText(/42 ms round trip · 0 % lost · 2,400 kbit\/s/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn off my video' })).toBeNull();

    act(() =>
      calls.current().set({
        connection: { quality: 'poor', rttMs: 650, lossPercent: 12.5, receiveKbps: 90 },
      }),
    );
    expect(await screen.findByText('Connection: poor')).toBeVisible();
    expect(screen.getByText(/Your connection is poor/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn off my video' }));
    expect(calls.current().getSnapshot().cameraOn).toBe(false);
    expect(screen.queryByRole('button', { name: 'Turn off my video' })).toBeNull();
    doctorFiles.dispose();
  });

  it('previews a received photo, never a received SVG', async () => {
    const { user, doctorFiles } = await connected();
    await user.click(filesButton());
    const panel = screen.getByRole('dialog', { name: 'File Transfer' });
    act(() =>
      doctorFiles.send([
        new File([new Uint8Array([137, 80, 78, 71])], 'rash.png', { type: 'image/png' }),
      ]),
    );
    const preview = await within(panel).findByRole('img', { name: 'Preview of rash.png' });
    expect(preview).toHaveAttribute('src', expect.stringMatching(/^blob:received-/));
    act(() => doctorFiles.send([new File(['<svg/>'], 'chart.svg', { type: 'image/svg+xml' })]));
    await within(panel).findByRole('link', { name: 'Download chart.svg' });
    expect(within(panel).queryByRole('img', { name: 'Preview of chart.svg' })).toBeNull();
    doctorFiles.dispose();
  });

  it('forgets received files on leaving: their URLs are revoked', async () => {
    const { user, doctorFiles } = await connected();
    act(() => doctorFiles.send([new File(['x-ray notes'], 'notes.txt')]));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Leave Meeting' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:received-1');
    doctorFiles.dispose();
  });
});

describe('MeetingPage screen sharing', () => {
  /** The test DOM's own MediaStream (a <video> takes nothing else) of one video track. */
  const videoStream = () =>
    new MediaStream([new FakeTrack('video') as unknown as MediaStreamTrack]);

  async function inCall(initial: Partial<CallSnapshot> = {}) {
    const calls = fakeCalls({
      phase: 'connected',
      remoteId: 'doctor',
      media: { hasVideo: true, hasAudio: true, issue: null },
      cameraOn: true,
      microphoneOn: true,
      canShareScreen: true,
      ...initial,
    });
    api();
    const view = renderMeeting(calls);
    await joinNow();
    await waitFor(() => expect(calls.createCall).toHaveBeenCalledTimes(1));
    return { ...view, calls };
  }

  const shareButton = () => screen.getByRole('button', { name: 'Share screen' });
  const announced = (text: string) =>
    screen.getAllByRole('status').some((region) => region.textContent === text);

  it('shares the screen: a pressed toggle, a visible indicator with Stop, each change announced', async () => {
    const { user, calls } = await inCall();
    expect(await screen.findByRole('button', { name: 'Share screen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByTestId('screen-share-indicator')).toBeNull();

    await user.click(shareButton());
    expect(calls.current().screenShareStarts).toBe(1);
    const indicator = await screen.findByTestId('screen-share-indicator');
    expect(indicator).toBeVisible();
    expect(indicator).toHaveTextContent('You are sharing your screen');
    expect(shareButton()).toHaveAttribute('aria-pressed', 'true');
    expect(announced('You are sharing your screen')).toBe(true);

    await user.click(within(indicator).getByRole('button', { name: 'Stop sharing' }));
    expect(calls.current().getSnapshot().sharingScreen).toBe(false);
    expect(screen.queryByTestId('screen-share-indicator')).toBeNull();
    expect(shareButton()).toHaveAttribute('aria-pressed', 'false');
    expect(announced('You stopped sharing your screen.')).toBe(true);

    // The toggle stops a share too.
    await user.click(shareButton());
    await screen.findByTestId('screen-share-indicator');
    await user.click(shareButton());
    expect(calls.current().getSnapshot().sharingScreen).toBe(false);
  });

  it('has no share button where the browser cannot share a screen (phones)', async () => {
    await inCall({ canShareScreen: false });
    expect(await screen.findByRole('button', { name: 'Camera' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share screen' })).toBeNull();
  });

  it('says nothing when the picker is closed, and explains a refusal', async () => {
    const { user, calls } = await inCall();
    calls.current().screenShareOutcome = 'cancel';
    await user.click(await screen.findByRole('button', { name: 'Share screen' }));
    await waitFor(() => expect(calls.current().screenShareStarts).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('screen-share-indicator')).toBeNull();

    calls.current().screenShareOutcome = 'blocked';
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Screen sharing is blocked by your browser or system settings/,
    );
    expect(shareButton()).toHaveAttribute('aria-pressed', 'false');

    calls.current().screenShareOutcome = 'failed';
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your screen could not be shared. Please try again.',
    );
  });

  it("shows the doctor's shared screen as the large tile on the patient's side, the doctor's camera small", async () => {
    const camera = videoStream();
    const { calls } = await inCall({ remoteStream: camera });
    const tile = await screen.findByTestId('remote-camera-tile');
    expect(tile).toHaveAttribute('data-size', 'large');
    expect(screen.queryByTestId('remote-screen')).toBeNull();

    const shared = videoStream();
    act(() => calls.current().set({ remoteScreenStream: shared, remoteSharingScreen: true }));
    const large = screen.getByTestId('remote-screen');
    expect(large).toHaveAttribute('aria-label', 'Screen shared by Dr. Ivan Georgiev');
    expect(large).toHaveProperty('srcObject', shared);
    // Its sound, if any, is not ours to play twice: the camera's video plays the voice.
    expect(large).toHaveProperty('muted', true);
    expect(tile).toHaveAttribute('data-size', 'small');
    // The same element, still showing the doctor's camera (no restart of its playback).
    expect(screen.getByTestId('remote-video')).toHaveProperty('srcObject', camera);
    const visibleLine = screen
      .getAllByText('Dr. Ivan Georgiev is sharing their screen')
      .find((element) => element.getAttribute('role') !== 'status');
    expect(visibleLine).toBeVisible();
    expect(announced('Dr. Ivan Georgiev is sharing their screen')).toBe(true);
    // Nothing for us to stop: it is not our share.
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();

    act(() => calls.current().set({ remoteScreenStream: null, remoteSharingScreen: false }));
    expect(screen.queryByTestId('remote-screen')).toBeNull();
    expect(tile).toHaveAttribute('data-size', 'large');
    expect(announced('Dr. Ivan Georgiev stopped sharing their screen.')).toBe(true);
  });

  it('shows the shared screen alone when the sharer has no camera, and drops it when the call ends', async () => {
    const { calls } = await inCall();
    act(() =>
      calls.current().set({ remoteScreenStream: videoStream(), remoteSharingScreen: true }),
    );
    expect(await screen.findByTestId('remote-screen')).toBeInTheDocument();
    // No empty black box for a camera that is not there.
    expect(screen.getByTestId('remote-camera-tile')).toHaveClass('hidden');

    act(() => calls.current().set({ phase: 'ended', endReason: 'ended', sharingScreen: true }));
    expect(screen.queryByTestId('remote-screen')).toBeNull();
    expect(screen.queryByTestId('screen-share-indicator')).toBeNull();
  });
});
