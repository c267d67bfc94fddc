import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_SIZE_LIMIT_BYTES } from '@vizita/shared/file-transfer/constants';
import { encodeMessage } from '@vizita/shared/file-transfer/messages';
import { sha256Hex } from '@vizita/shared/file-transfer/sha256';
import { FakeCallSession, linkSessions } from '../call/fake-call-session';
import { FileExchange } from './file-exchange';

const exchanges: FileExchange[] = [];

function exchangeFor(session: FakeCallSession) {
  let urls = 0;
  const createObjectUrl = vi.fn((_blob: Blob) => `blob:file-${++urls}`);
  const revokeObjectUrl = vi.fn();
  const files = new FileExchange({ session, createObjectUrl, revokeObjectUrl });
  exchanges.push(files);
  return { files, createObjectUrl, revokeObjectUrl };
}

function pair(mode: 'binary' | 'paced' = 'binary') {
  const patient = new FakeCallSession({ selfId: 'patient' }, mode);
  const doctor = new FakeCallSession({ selfId: 'doctor' }, mode);
  const a = exchangeFor(patient);
  const b = exchangeFor(doctor);
  linkSessions(patient, doctor);
  return { patient, doctor, a, b };
}

function bytes(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + 7) % 251;
  return out;
}

afterEach(() => {
  for (const files of exchanges.splice(0)) files.dispose();
});

describe('FileExchange', () => {
  it('refuses a file over 10 MB with the spec alert, sending nothing', async () => {
    const { a, patient } = pair();
    a.files.send([new File([new Uint8Array(FILE_SIZE_LIMIT_BYTES + 1)], 'scan.dcm')]);
    await Promise.resolve();
    expect(a.files.getSnapshot().alert).toBe('tooLarge');
    expect(a.files.getSnapshot().transfers).toEqual([]);
    expect(patient.sentMessages).toEqual([]);
    a.files.dismissAlert();
    expect(a.files.getSnapshot().alert).toBeNull();
  });

  it('says the call is not active when there is no one to send to', async () => {
    const session = new FakeCallSession({ selfId: 'patient', phase: 'waiting' });
    const { files } = exchangeFor(session);
    files.send([new File(['hello'], 'note.txt')]);
    await Promise.resolve();
    expect(files.getSnapshot().alert).toBe('inactive');
    expect(session.sentMessages).toEqual([]);
  });

  it('sends a file with progress; the other side gets a verified download', async () => {
    const { a, b } = pair();
    const content = bytes(200 * 1024);
    const progress: number[] = [];
    a.files.subscribe(() => {
      const sending = a.files.getSnapshot().transfers[0];
      if (sending && progress.at(-1) !== sending.percent) progress.push(sending.percent);
    });
    a.files.send([new File([content], 'report.pdf', { type: 'application/pdf' })]);

    await vi.waitFor(() => expect(b.files.getSnapshot().transfers[0]?.status).toBe('completed'));
    const received = b.files.getSnapshot().transfers[0]!;
    expect(received).toMatchObject({
      direction: 'incoming',
      name: 'report.pdf',
      size: content.length,
      percent: 100,
      url: 'blob:file-1',
      sha256: await sha256Hex(content),
    });
    const blob = b.createObjectUrl.mock.calls[0]![0];
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(content);
    expect(b.files.getSnapshot().announcement).toMatchObject({
      name: 'report.pdf',
      direction: 'incoming',
    });

    await vi.waitFor(() =>
      expect(a.files.getSnapshot().transfers[0]).toMatchObject({
        direction: 'outgoing',
        status: 'completed',
        percent: 100,
      }),
    );
    // 200 KiB in 64 KiB frames: four steps.
    expect(progress).toEqual([0, 32, 64, 96, 100]);
  });

  it('sends through paced app messages too (Daily)', async () => {
    const { a, b } = pair('paced');
    const content = bytes(5000);
    a.files.send([new File([content], 'photo.jpg', { type: 'image/jpeg' })]);
    const expected = await sha256Hex(content);
    await vi.waitFor(() =>
      expect(b.files.getSnapshot().transfers[0]).toMatchObject({
        status: 'completed',
        sha256: expected,
      }),
    );
  });

  it('marks a file whose bytes do not match the announced hash as failed, with no download', async () => {
    const doctor = new FakeCallSession({
      selfId: 'doctor',
      phase: 'connected',
      transportOpen: true,
    });
    const { files, createObjectUrl } = exchangeFor(doctor);
    const message = (body: object) =>
      doctor.data.emit({ kind: 'message', message: encodeMessage(body as never), from: 'patient' });
    message({
      v: 1,
      kind: 'meta',
      fileId: 'f1',
      name: 'lab.txt',
      type: 'text/plain',
      size: 3,
      totalChunks: 1,
      sha256: '0'.repeat(64),
      timestamp: 1,
    });
    message({ v: 1, kind: 'chunk', fileId: 'f1', index: 0, payload: 'YWJj' });
    message({ v: 1, kind: 'end', fileId: 'f1' });
    await vi.waitFor(() =>
      expect(files.getSnapshot().transfers[0]).toMatchObject({
        name: 'lab.txt',
        status: 'error',
        error: 'hashMismatch',
        url: null,
      }),
    );
    expect(createObjectUrl).not.toHaveBeenCalled();
  });

  it('fails a send whose channel closes midway, with the alert', async () => {
    const { a, patient } = pair();
    // The second frame waits until the test has closed the channel.
    const transport = patient.fileTransport as { sendBinary: (frame: Uint8Array) => Promise<void> };
    const sendFrame = transport.sendBinary;
    let frames = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    transport.sendBinary = async (frame) => {
      if (++frames === 2) await gate;
      return sendFrame(frame);
    };
    a.files.send([new File([bytes(300 * 1024)], 'big.bin')]);
    await vi.waitFor(() => expect(frames).toBe(2));
    patient.set({ transportOpen: false });
    release();
    await vi.waitFor(() => expect(a.files.getSnapshot().alert).toBe('failed'));
    expect(a.files.getSnapshot().transfers[0]?.status).toBe('error');
  });

  it('forgets received files and revokes their URLs when the call ends', async () => {
    const { a, b, doctor } = pair();
    a.files.send([new File(['hello'], 'note.txt')]);
    await vi.waitFor(() => expect(b.files.getSnapshot().transfers[0]?.status).toBe('completed'));
    doctor.set({ phase: 'ended', endReason: 'ended', transportOpen: false });
    expect(b.files.getSnapshot().transfers).toEqual([]);
    expect(b.revokeObjectUrl).toHaveBeenCalledWith('blob:file-1');
  });

  it('shows a newcomer what was shared before it joined', async () => {
    const { a, b, doctor } = pair();
    a.files.send([new File(['hello'], 'note.txt')]);
    await vi.waitFor(() => expect(b.files.getSnapshot().transfers[0]?.status).toBe('completed'));
    // The doctor reloads: a new session and exchange, nothing on this device.
    b.files.dispose();
    doctor.set({ phase: 'ended', transportOpen: false });
    const patient = doctor.peer!;
    patient.set({ phase: 'waiting', remoteId: null, transportOpen: false });
    const doctorAgain = new FakeCallSession({ selfId: 'doctor' });
    const c = exchangeFor(doctorAgain);
    linkSessions(patient, doctorAgain);
    // The patient pushes its list after 1 s; the newcomer also asks at 1, 3 and 5 s.
    await vi.waitFor(
      () =>
        expect(c.files.getSnapshot().sharedElsewhere).toMatchObject([
          { name: 'note.txt', senderId: 'patient', direction: 'received' },
        ]),
      { timeout: 3000 },
    );
    // The sender holds its file: not listed as elsewhere.
    expect(a.files.getSnapshot().sharedElsewhere).toEqual([]);
  });
});
