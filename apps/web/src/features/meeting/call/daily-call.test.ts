import type { DailyCall, DailyCallFactory } from '@daily-co/daily-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import { DAILY_RETRY_DELAY_MS, DailyCallSession, dailyLanguage } from './daily-call';

type Handler = (event?: unknown) => void;

/** Daily's call object, as far as the session uses it. */
class FakeDailyCall {
  readonly handlers = new Map<string, Handler[]>();
  readonly appMessages: [unknown, string | undefined][] = [];
  state = 'new';
  participantsObject: Record<string, unknown> = {};
  joinResult: 'ok' | 'fail' = 'ok';
  joinedWith: unknown = null;
  destroyed = false;
  readonly calls: string[] = [];

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
  async join(options: unknown) {
    this.joinedWith = options;
    if (this.joinResult === 'fail') throw new Error('load failed');
    this.state = 'joined-meeting';
    this.participantsObject = { local: participant('self-1', true) };
    this.emit('joined-meeting');
  }
  async leave() {
    this.calls.push('leave');
  }
  async destroy() {
    this.destroyed = true;
  }
  meetingState() {
    return this.state;
  }
  participants() {
    return this.participantsObject;
  }
  sendAppMessage(data: unknown, to?: string) {
    this.appMessages.push([data, to]);
    return this;
  }
  setLocalVideo(on: boolean) {
    this.calls.push(`video:${on}`);
    return this;
  }
  setLocalAudio(on: boolean) {
    this.calls.push(`audio:${on}`);
    return this;
  }
  setDailyLang(lang: string) {
    this.calls.push(`lang:${lang}`);
    return this;
  }
  startScreenShare(options: unknown) {
    this.calls.push(`startScreenShare:${JSON.stringify(options)}`);
  }
  stopScreenShare() {
    this.calls.push('stopScreenShare');
  }
}

function participant(id: string, local: boolean) {
  return {
    session_id: id,
    local,
    tracks: { video: { state: 'playable' }, audio: { state: 'playable' } },
  };
}

const answer: JoinMeeting = {
  appointmentId: 'a1',
  provider: 'daily',
  role: 'patient',
  userName: 'Patient user-1ab',
  opensAt: '2026-11-20T08:45:00.000Z',
  closesAt: '2026-11-20T09:30:00.000Z',
  signallingUrl: null,
  iceServers: [],
  roomUrl: 'https://vizita.daily.co/a1',
  roomToken: 'room-token',
};

function setup({ failFirst = false, language = 'bg', supportsScreenShare = true } = {}) {
  const frames: { call: FakeDailyCall; container: HTMLElement; options: unknown }[] = [];
  const factory = {
    createFrame: vi.fn((container: HTMLElement, options: unknown) => {
      const call = new FakeDailyCall();
      if (failFirst && frames.length === 0) call.joinResult = 'fail';
      frames.push({ call, container, options });
      return call as unknown as DailyCall;
    }),
    supportedBrowser: () => ({ supported: true, supportsScreenShare }),
  } as unknown as DailyCallFactory;
  const container = document.createElement('div');
  const session = new DailyCallSession({
    answer,
    container,
    language,
    load: async () => factory,
  });
  return { session, frames, container };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DailyCallSession', () => {
  it('creates the frame without a leave button, with the participants bar, and joins as the user', async () => {
    const { session, frames, container } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.container).toBe(container);
    expect(frames[0]!.options).toMatchObject({
      showLeaveButton: false,
      showParticipantsBar: true,
      lang: 'en',
    });
    expect(frames[0]!.call.joinedWith).toEqual({
      url: 'https://vizita.daily.co/a1',
      token: 'room-token',
      userName: 'Patient user-1ab',
    });
    expect(session.getSnapshot()).toMatchObject({ phase: 'waiting', selfId: 'self-1' });
  });

  it('retries the load once after 250 ms', async () => {
    const { session, frames } = setup({ failFirst: true });
    session.start();
    await vi.advanceTimersByTimeAsync(DAILY_RETRY_DELAY_MS - 1);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.call.destroyed).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(2);
    expect(session.getSnapshot().phase).toBe('waiting');
  });

  it('gives up when the retry fails too', async () => {
    const createFrame = vi.fn(() => {
      const call = new FakeDailyCall();
      call.joinResult = 'fail';
      return call as unknown as DailyCall;
    });
    const session = new DailyCallSession({
      answer,
      container: document.createElement('div'),
      language: 'en',
      load: async () => ({ createFrame }) as unknown as DailyCallFactory,
    });
    session.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(createFrame).toHaveBeenCalledTimes(2);
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'failed' });
  });

  it('is connected with the other participant, and carries the file transfer in app messages', async () => {
    const { session, frames } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    const call = frames[0]!.call;
    call.participantsObject = {
      local: participant('self-1', true),
      other: participant('doc-9', false),
    };
    call.emit('participant-joined', { participant: participant('doc-9', false) });
    expect(session.getSnapshot()).toMatchObject({
      phase: 'connected',
      remoteId: 'doc-9',
      transportOpen: true,
    });
    expect(session.fileTransport.mode).toBe('paced');

    await session.fileTransport.sendMessage('{"v":1,"kind":"end","fileId":"f1"}');
    expect(call.appMessages).toEqual([[{ v: 1, kind: 'end', fileId: 'f1' }, '*']]);

    const received = vi.fn();
    session.onData(received);
    call.emit('app-message', { data: { v: 1, kind: 'end' }, fromId: 'doc-9' });
    expect(received).toHaveBeenCalledWith({
      kind: 'message',
      message: { v: 1, kind: 'end' },
      from: 'doc-9',
    });

    call.participantsObject = { local: participant('self-1', true) };
    call.emit('participant-left', { participant: participant('doc-9', false) });
    expect(session.getSnapshot()).toMatchObject({ phase: 'waiting', transportOpen: false });
    await expect(session.fileTransport.sendMessage('{}')).rejects.toThrow();
  });

  it('ends as "ended" when the room or token expired, and leaves on leave()', async () => {
    const { session, frames } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    frames[0]!.call.emit('error', { errorMsg: 'expired', error: { type: 'exp-room' } });
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'ended' });

    const other = setup();
    other.session.start();
    await vi.advanceTimersByTimeAsync(0);
    other.session.setCameraOn(false);
    other.session.setMicrophoneOn(false);
    other.session.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(other.frames[0]!.call.calls).toEqual(['video:false', 'audio:false', 'leave']);
    expect(other.frames[0]!.call.destroyed).toBe(true);
    expect(other.session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'left' });
  });
});

describe('DailyCallSession screen sharing', () => {
  it('follows the frame’s own share button, and stops it from the page', async () => {
    const { session, frames } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    const call = frames[0]!.call;
    expect(session.getSnapshot()).toMatchObject({ canShareScreen: true, sharingScreen: false });

    call.emit('local-screen-share-started');
    expect(session.getSnapshot().sharingScreen).toBe(true);
    session.stopScreenShare();
    expect(call.calls).toEqual(['stopScreenShare']);
    call.emit('local-screen-share-stopped');
    expect(session.getSnapshot().sharingScreen).toBe(false);
    // Not sharing: nothing to stop.
    session.stopScreenShare();
    expect(call.calls).toEqual(['stopScreenShare']);

    await session.startScreenShare();
    expect(call.calls.at(-1)).toBe(
      'startScreenShare:{"displayMediaOptions":{"audio":false,"selfBrowserSurface":"exclude"}}',
    );
    call.emit('nonfatal-error', {
      type: 'screen-share-error',
      errorMsg: 'Permission denied by system',
    });
    expect(session.getSnapshot().screenShareIssue).toBe('blocked');
  });

  it('says when the other participant shares, and not on browsers that cannot', async () => {
    const { session, frames } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    const call = frames[0]!.call;
    const sharing = participant('doc-9', false);
    call.participantsObject = {
      local: participant('self-1', true),
      other: { ...sharing, tracks: { ...sharing.tracks, screenVideo: { state: 'playable' } } },
    };
    call.emit('participant-updated');
    expect(session.getSnapshot().remoteSharingScreen).toBe(true);
    call.participantsObject = {
      local: participant('self-1', true),
      other: { ...sharing, tracks: { ...sharing.tracks, screenVideo: { state: 'off' } } },
    };
    call.emit('participant-updated');
    expect(session.getSnapshot().remoteSharingScreen).toBe(false);

    const phone = setup({ supportsScreenShare: false });
    phone.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(phone.session.getSnapshot().canShareScreen).toBe(false);
  });
});

describe('dailyLanguage', () => {
  it('speaks German and English; Bulgarian falls back to English', () => {
    expect(['de', 'en', 'bg'].map(dailyLanguage)).toEqual(['de', 'en', 'en']);
  });
});
