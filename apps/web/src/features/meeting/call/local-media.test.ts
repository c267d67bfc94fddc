import { describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakeTrack, asStream } from './fake-webrtc';
import { acquireLocalMedia } from './local-media';

const refused = (name: string) => new DOMException('refused', name);

describe('acquireLocalMedia', () => {
  it('takes camera and microphone when both are there', async () => {
    const stream = new FakeMediaStream([new FakeTrack('video'), new FakeTrack('audio')]);
    const getUserMedia = vi.fn(async () => asStream(stream));
    const media = await acquireLocalMedia(getUserMedia);
    expect(media.stream).toBe(stream);
    expect(media.state).toEqual({ hasVideo: true, hasAudio: true, issue: null });
    expect(getUserMedia).toHaveBeenCalledWith({ video: expect.any(Object), audio: true });
  });

  it('falls back to the microphone alone when the camera is blocked or missing', async () => {
    for (const [name, issue] of [
      ['NotAllowedError', 'blocked'],
      ['NotFoundError', 'notFound'],
      ['NotReadableError', 'failed'],
    ] as const) {
      const audioOnly = new FakeMediaStream([new FakeTrack('audio')]);
      const getUserMedia = vi
        .fn<(c: MediaStreamConstraints) => Promise<MediaStream>>()
        .mockRejectedValueOnce(refused(name))
        .mockResolvedValueOnce(asStream(audioOnly));
      const media = await acquireLocalMedia(getUserMedia);
      expect(media.stream).toBe(audioOnly);
      expect(media.state).toEqual({ hasVideo: false, hasAudio: true, issue });
      expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true });
    }
  });

  it('asks for the devices chosen on the device check, as ideals (a gone one falls back)', async () => {
    const getUserMedia = vi
      .fn<(c: MediaStreamConstraints) => Promise<MediaStream>>()
      .mockRejectedValueOnce(refused('NotAllowedError'))
      .mockResolvedValueOnce(asStream(new FakeMediaStream([new FakeTrack('audio')])));
    await acquireLocalMedia(getUserMedia, { cameraId: 'cam-2', microphoneId: 'mic-3' });
    expect(getUserMedia).toHaveBeenNthCalledWith(1, {
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, deviceId: { ideal: 'cam-2' } },
      audio: { deviceId: { ideal: 'mic-3' } },
    });
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: { deviceId: { ideal: 'mic-3' } } });
  });

  it('goes on receive-only when nothing can be had, saying why', async () => {
    const getUserMedia = vi
      .fn<(c: MediaStreamConstraints) => Promise<MediaStream>>()
      .mockRejectedValueOnce(refused('NotFoundError'))
      .mockRejectedValueOnce(refused('NotAllowedError'));
    expect(await acquireLocalMedia(getUserMedia)).toEqual({
      stream: null,
      state: { hasVideo: false, hasAudio: false, issue: 'blocked' },
    });
    const none = vi.fn(async () => {
      throw refused('NotFoundError');
    });
    expect((await acquireLocalMedia(none)).state.issue).toBe('notFound');
    // No mediaDevices at all (an insecure page).
    expect(await acquireLocalMedia(null)).toEqual({
      stream: null,
      state: { hasVideo: false, hasAudio: false, issue: 'failed' },
    });
  });
});
