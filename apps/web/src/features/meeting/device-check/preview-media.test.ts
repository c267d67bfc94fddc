import { describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakeTrack, asStream } from '../call/fake-webrtc';
import { listDevices, openPreview, type MediaDevicesLike } from './preview-media';

const refused = (name: string) => new DOMException('refused', name);
const both = () => asStream(new FakeMediaStream([new FakeTrack('video'), new FakeTrack('audio')]));
const audio = () => asStream(new FakeMediaStream([new FakeTrack('audio')]));
const video = () => asStream(new FakeMediaStream([new FakeTrack('video')]));

/** mediaDevices whose getUserMedia answers each call with the next of `answers`. */
function devices(...answers: (MediaStream | DOMException)[]) {
  const getUserMedia = vi.fn((constraints: MediaStreamConstraints) => {
    void constraints;
    const answer = answers.shift();
    return answer instanceof DOMException || !answer
      ? Promise.reject(answer ?? refused('NotFoundError'))
      : Promise.resolve(answer);
  });
  const enumerateDevices = vi.fn(() => Promise.resolve([] as MediaDeviceInfo[]));
  return { getUserMedia, enumerateDevices } satisfies MediaDevicesLike;
}

describe('openPreview', () => {
  it('takes both with one request, with the remembered devices', async () => {
    const d = devices(both());
    const preview = await openPreview(d, { cameraId: 'cam-1' });
    expect(preview).toMatchObject({ camera: 'ok', microphone: 'ok' });
    expect(d.getUserMedia).toHaveBeenCalledTimes(1);
    expect(d.getUserMedia.mock.calls[0]![0]).toMatchObject({
      video: { deviceId: { ideal: 'cam-1' } },
      audio: true,
    });
  });

  it('keeps the microphone when the camera is blocked, missing or busy, saying which', async () => {
    for (const [name, outcome] of [
      ['NotAllowedError', 'blocked'],
      ['NotFoundError', 'notFound'],
      ['NotReadableError', 'inUse'],
    ] as const) {
      const d = devices(refused(name), audio());
      const preview = await openPreview(d, {});
      expect(preview.camera).toBe(outcome);
      expect(preview.microphone).toBe('ok');
      expect(preview.stream?.getAudioTracks()).toHaveLength(1);
      expect(d.getUserMedia).toHaveBeenLastCalledWith({ audio: true });
    }
  });

  it('keeps the camera when there is no microphone', async () => {
    const d = devices(refused('NotFoundError'), refused('NotFoundError'), video());
    expect(await openPreview(d, {})).toMatchObject({ camera: 'ok', microphone: 'notFound' });
  });

  it('asks no third time when both were refused', async () => {
    const d = devices(refused('NotAllowedError'), refused('NotAllowedError'), video());
    expect(await openPreview(d, {})).toEqual({
      stream: null,
      camera: 'blocked',
      microphone: 'blocked',
    });
    expect(d.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('says a page without mediaDevices is not secure', async () => {
    expect(await openPreview(null, {})).toEqual({
      stream: null,
      camera: 'insecure',
      microphone: 'insecure',
    });
  });
});

describe('listDevices', () => {
  it('sorts the devices by kind, leaving out unnamed placeholders without an id', async () => {
    const info = (kind: MediaDeviceKind, deviceId: string) =>
      ({ kind, deviceId, label: deviceId, groupId: '' }) as MediaDeviceInfo;
    const d = devices();
    d.enumerateDevices.mockResolvedValue([
      info('videoinput', 'cam'),
      info('audioinput', 'mic'),
      info('audiooutput', 'spk'),
      info('audioinput', ''),
    ]);
    const lists = await listDevices(d);
    expect(lists.cameras.map((c) => c.deviceId)).toEqual(['cam']);
    expect(lists.microphones.map((c) => c.deviceId)).toEqual(['mic']);
    expect(lists.speakers.map((c) => c.deviceId)).toEqual(['spk']);
    expect(await listDevices(null)).toEqual({ cameras: [], microphones: [], speakers: [] });
  });
});
