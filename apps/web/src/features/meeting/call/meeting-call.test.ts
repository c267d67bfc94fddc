import { describe, expect, it, vi } from 'vitest';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import { FakeCallSession } from './fake-call-session';
import { MeetingCall, type CreateCall } from './meeting-call';

const answer = (provider: JoinMeeting['provider']): JoinMeeting => ({
  appointmentId: 'a1',
  provider,
  role: 'doctor',
  userName: 'Dr. Ivan Georgiev',
  opensAt: '2026-11-20T08:45:00.000Z',
  closesAt: '2026-11-20T09:30:00.000Z',
  signallingUrl: provider === 'builtin' ? '/ws?token=t' : null,
  iceServers: [],
  roomUrl: provider === 'daily' ? 'https://vizita.daily.co/a1' : null,
  roomToken: null,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('MeetingCall', () => {
  it('starts the call in the video area with the answer, in the current language', async () => {
    const container = document.createElement('div');
    const session = new FakeCallSession();
    const createCall = vi.fn<CreateCall>(() => session);
    const call = new MeetingCall({ join: async () => answer('daily'), createCall });
    call.setLanguage('de');
    call.open(() => container);
    expect(call.getState().status).toBe('joining');
    await vi.waitFor(() => expect(call.getState().status).toBe('active'));
    expect(createCall).toHaveBeenCalledWith(answer('daily'), {
      container,
      language: 'de',
      rejoin: expect.any(Function),
    });
    expect(session.started).toBe(true);
    expect(call.getState()).toMatchObject({ provider: 'daily', session });
  });

  it('drops the answer to a join made before it closed, and hangs up on close', async () => {
    const first = deferred<JoinMeeting>();
    const second = deferred<JoinMeeting>();
    const join = vi
      .fn<() => Promise<JoinMeeting>>()
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise);
    const sessions: FakeCallSession[] = [];
    const createCall = vi.fn<CreateCall>(() => {
      const session = new FakeCallSession();
      sessions.push(session);
      return session;
    });
    const call = new MeetingCall({ join, createCall });
    call.open(() => null);
    call.close();
    call.open(() => null);
    first.resolve(answer('builtin'));
    second.resolve(answer('builtin'));
    await vi.waitFor(() => expect(call.getState().status).toBe('active'));
    expect(createCall).toHaveBeenCalledTimes(1);

    call.close();
    expect(sessions[0]!.leaveCount).toBe(1);
    expect(call.getState().status).toBe('idle');
  });

  it('keeps the refusal for the page to explain', async () => {
    const refusal = new Error('refused');
    const call = new MeetingCall({
      join: () => Promise.reject(refusal),
      createCall: () => new FakeCallSession(),
    });
    call.open(() => null);
    await vi.waitFor(() => expect(call.getState()).toEqual({ status: 'refused', error: refusal }));
  });
});
