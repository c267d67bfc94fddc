import { describe, expect, it, vi } from 'vitest';
import { FILE_LIST_MAX_ENTRIES } from './constants.ts';
import { createFileList, type Schedule } from './file-list.ts';
import { decodeMessage, type FileSyncMessage, type FileTransferMessage } from './messages.ts';

/** A clock and scheduler that move only when the test says so. */
function fakeTime() {
  let now = 0;
  const tasks: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const schedule: Schedule = (fn, ms) => {
    const task = { at: now + ms, fn, cancelled: false };
    tasks.push(task);
    return () => void (task.cancelled = true);
  };
  const advanceTo = (target: number) => {
    for (;;) {
      const due = tasks
        .filter((task) => !task.cancelled && task.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      tasks.splice(tasks.indexOf(due), 1);
      now = due.at;
      due.fn();
    }
    now = target;
  };
  return { now: () => now, schedule, advanceTo };
}

function setup() {
  const time = fakeTime();
  const sent: { message: FileTransferMessage; to: string | undefined; at: number }[] = [];
  const transport = {
    mode: 'paced' as const,
    sendMessage: vi.fn((text: string, to?: string) => {
      const result = decodeMessage(text);
      if (!result.ok) throw new Error(result.reason);
      sent.push({ message: result.message, to, at: time.now() });
    }),
  };
  const list = createFileList({ selfId: 'me', transport, now: time.now, schedule: time.schedule });
  return { list, sent, time, transport };
}

const file = { fileId: 'f1', name: 'a.pdf', type: 'application/pdf', size: 10, timestamp: 5 };
const sync = (over: Partial<FileSyncMessage> = {}): FileSyncMessage => ({
  v: 1,
  kind: 'sync',
  ...file,
  senderId: 'bob',
  ...over,
});

describe('createFileList', () => {
  it('asks for the list at 1, 3 and 5 seconds after joining', () => {
    const s = setup();
    s.list.join();
    s.time.advanceTo(999);
    expect(s.sent).toEqual([]);
    s.time.advanceTo(10_000);
    expect(s.sent).toEqual(
      [1000, 3000, 5000].map((at) => ({
        message: { v: 1, kind: 'list-request', requesterId: 'me', timestamp: at },
        to: undefined,
        at,
      })),
    );
  });

  it('sends a newcomer the whole list after one second', () => {
    const s = setup();
    s.list.recordSent(file);
    s.list.recordReceived({ ...file, fileId: 'f2', senderId: 'bob', timestamp: 6 });
    s.list.peerJoined('carol');
    s.time.advanceTo(999);
    expect(s.sent).toEqual([]);
    s.time.advanceTo(1000);
    expect(s.sent.map(({ message, to }) => [message.kind, to])).toEqual([
      ['outgoing-sync', 'carol'],
      ['sync', 'carol'],
    ]);
    expect(s.sent[0]!.message).toEqual({ v: 1, kind: 'outgoing-sync', ...file, senderId: 'me' });
    expect(s.sent[1]!.message).toMatchObject({ fileId: 'f2', senderId: 'bob' });
  });

  it('answers a list request to the peer who asked, at most once a second', () => {
    const s = setup();
    s.list.recordSent(file);
    const request = { v: 1, kind: 'list-request', requesterId: 'spoofed', timestamp: 0 } as const;
    s.list.handleMessage(request, 'bob');
    s.list.handleMessage(request, 'bob');
    s.time.advanceTo(999);
    s.list.handleMessage(request, 'bob');
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]).toMatchObject({
      to: 'bob',
      message: { kind: 'outgoing-sync', fileId: 'f1' },
    });
    s.time.advanceTo(1000);
    s.list.handleMessage(request, 'bob');
    s.list.handleMessage(request, 'carol');
    expect(s.sent.map(({ to }) => to)).toEqual(['bob', 'bob', 'carol']);
  });

  it('merges entries from peers, de-duplicated by fileId', () => {
    const s = setup();
    s.list.handleMessage(sync(), 'bob');
    s.list.handleMessage(sync({ name: 'renamed.pdf' }), 'carol');
    s.list.handleMessage(sync({ fileId: 'f0', timestamp: 1 }), 'bob');
    s.list.handleMessage(sync({ fileId: 'mine', senderId: 'me', timestamp: 9 }), 'bob');
    s.list.handleMessage(sync({ kind: 'outgoing-sync', fileId: 'f3', senderId: 'carol' }), 'carol');
    expect(s.list.entries()).toEqual([
      {
        fileId: 'f0',
        name: 'a.pdf',
        type: 'application/pdf',
        size: 10,
        timestamp: 1,
        senderId: 'bob',
        direction: 'received',
      },
      {
        fileId: 'f1',
        name: 'a.pdf',
        type: 'application/pdf',
        size: 10,
        timestamp: 5,
        senderId: 'bob',
        direction: 'received',
      },
      {
        fileId: 'f3',
        name: 'a.pdf',
        type: 'application/pdf',
        size: 10,
        timestamp: 5,
        senderId: 'carol',
        direction: 'received',
      },
      {
        fileId: 'mine',
        name: 'a.pdf',
        type: 'application/pdf',
        size: 10,
        timestamp: 9,
        senderId: 'me',
        direction: 'sent',
      },
    ]);
  });

  it('takes "a file I sent" only from its sender, and prefers its own records', () => {
    const s = setup();
    s.list.handleMessage(sync({ kind: 'outgoing-sync', senderId: 'carol' }), 'mallory');
    expect(s.list.entries()).toEqual([]);
    s.list.handleMessage(sync({ name: 'from-bob.pdf' }), 'bob');
    s.list.recordReceived({ ...file, name: 'local.pdf', senderId: 'bob' });
    s.list.handleMessage(sync({ name: 'later.pdf' }), 'bob');
    expect(s.list.entries().map((e) => e.name)).toEqual(['local.pdf']);
  });

  it('ignores its own messages and the transfer messages', () => {
    const s = setup();
    s.list.handleMessage(sync(), 'me');
    s.list.handleMessage({ v: 1, kind: 'end', fileId: 'f1' }, 'bob');
    s.list.handleMessage({ v: 1, kind: 'list-request', requesterId: 'me', timestamp: 0 }, 'me');
    s.list.peerJoined('me');
    s.time.advanceTo(5000);
    expect(s.list.entries()).toEqual([]);
    expect(s.sent).toEqual([]);
  });

  it('keeps one snapshot until the list changes, and notifies subscribers', () => {
    const s = setup();
    const listener = vi.fn();
    const unsubscribe = s.list.subscribe(listener);
    const before = s.list.entries();
    expect(s.list.entries()).toBe(before);
    s.list.recordSent({ ...file, timestamp: undefined });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(s.list.entries()).not.toBe(before);
    expect(s.list.entries()[0]).toMatchObject({ timestamp: 0, senderId: 'me', direction: 'sent' });
    s.list.handleMessage(sync(), 'bob'); // same fileId: no change
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    s.list.recordSent({ ...file, fileId: 'f9' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps no file contents', () => {
    const s = setup();
    s.list.recordReceived({
      ...file,
      senderId: 'bob',
      bytes: new Uint8Array(5),
      sha256: 'x',
    } as never);
    expect(Object.keys(s.list.entries()[0]!).sort()).toEqual([
      'direction',
      'fileId',
      'name',
      'senderId',
      'size',
      'timestamp',
      'type',
    ]);
  });

  it('stops growing at FILE_LIST_MAX_ENTRIES entries from peers', () => {
    const s = setup();
    for (let i = 0; i <= FILE_LIST_MAX_ENTRIES; i++)
      s.list.handleMessage(sync({ fileId: `f${i}` }), 'bob');
    expect(s.list.entries()).toHaveLength(FILE_LIST_MAX_ENTRIES);
  });

  it('dispose() cancels the timers and empties the list', () => {
    const s = setup();
    const listener = vi.fn();
    s.list.subscribe(listener);
    s.list.recordSent(file);
    s.list.join();
    s.list.peerJoined('bob');
    s.time.advanceTo(1000);
    expect(s.sent).toHaveLength(2); // the first request and bob's list
    s.list.dispose();
    expect(s.list.entries()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    s.time.advanceTo(10_000);
    s.list.handleMessage(sync({ fileId: 'late' }), 'bob');
    s.list.recordSent(file);
    expect(s.sent).toHaveLength(2);
    expect(s.list.entries()).toEqual([]);
  });

  it('survives a transport that throws or rejects', async () => {
    const time = fakeTime();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      for (const sendMessage of [
        () => {
          throw new Error('closed');
        },
        () => Promise.reject(new Error('closed')),
      ]) {
        const list = createFileList({
          selfId: 'me',
          transport: { sendMessage },
          schedule: time.schedule,
        });
        list.join();
        expect(() => time.advanceTo(time.now() + 5000)).not.toThrow();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
