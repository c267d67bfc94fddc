// The list of files shared in the call (spec §3 sync / outgoing-sync / list request; §9 "file
// list requested from others at 1, 3 and 5 seconds after joining; a new participant receives
// the file list after 1 second"). It holds names and sizes only — never file contents — so a
// participant who joins late sees what was shared, and the sender can send it again.

import {
  FILE_LIST_MAX_ENTRIES,
  FILE_TRANSFER_PROTOCOL_VERSION,
  LIST_REQUEST_DELAYS_MS,
  LIST_REQUEST_MIN_INTERVAL_MS,
  NEWCOMER_LIST_DELAY_MS,
} from './constants.ts';
import { encodeMessage, type FileSyncMessage, type FileTransferMessage } from './messages.ts';
import type { FileTransport } from './transports.ts';

export type FileListEntry = {
  readonly fileId: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly timestamp: number;
  /** Who sent the file into the call. */
  readonly senderId: string;
  /** 'sent' when `senderId` is this participant. */
  readonly direction: 'sent' | 'received';
};

export type FileListFile = {
  fileId: string;
  name: string;
  type: string;
  size: number;
  timestamp?: number;
  senderId?: string;
};

/** Runs `fn` after `ms`; returns a function that cancels it. */
export type Schedule = (fn: () => void, ms: number) => () => void;

export type FileList = {
  /** Asks the others for their lists at 1, 3 and 5 s (call once the call is joined). */
  join(): void;
  /** Sends the whole list to `peerId` after 1 s. */
  peerJoined(peerId: string): void;
  /** A file this participant sent (`senderId` is taken as `selfId`). */
  recordSent(file: FileListFile): void;
  /** A file this participant received complete (`senderId` required, `timestamp` defaults to now). */
  recordReceived(file: FileListFile & { senderId: string }): void;
  /** A decoded protocol message from `fromId`; kinds other than the list's are ignored. */
  handleMessage(message: FileTransferMessage, fromId: string): void;
  /** The list, oldest first; the same array until the list changes (fits `useSyncExternalStore`). */
  entries(): readonly FileListEntry[];
  subscribe(listener: () => void): () => void;
  /** Cancels the timers, empties the list, and ignores everything after (leaving the call). */
  dispose(): void;
};

const defaultSchedule: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** Creates the call's file list for participant `selfId`. */
export function createFileList({
  selfId,
  transport,
  now = () => Date.now(),
  schedule = defaultSchedule,
}: {
  selfId: string;
  transport: Pick<FileTransport, 'sendMessage'>;
  now?: () => number;
  schedule?: Schedule;
}): FileList {
  const byId = new Map<string, FileListEntry>();
  const listeners = new Set<() => void>();
  const timers = new Set<() => void>();
  const lastAnswered = new Map<string, number>();
  let snapshot: readonly FileListEntry[] = Object.freeze([]);
  let disposed = false;

  // A lost list message is repaired by the next request or newcomer push, so a failed send is
  // not worth surfacing — but it must not become an unhandled rejection.
  function post(text: string, to?: string) {
    try {
      const pending = transport.sendMessage(text, to);
      if (pending) pending.catch(() => undefined);
    } catch {
      // Same as above: the transport refused synchronously.
    }
  }

  function later(fn: () => void, ms: number) {
    const cancel = schedule(() => {
      timers.delete(cancel);
      if (!disposed) fn();
    }, ms);
    timers.add(cancel);
  }

  function changed() {
    snapshot = Object.freeze(
      [...byId.values()].sort((a, b) => a.timestamp - b.timestamp), // stable: ties keep arrival order
    );
    for (const listener of [...listeners]) listener();
  }

  function put(file: FileListFile & { senderId: string; timestamp: number }, local: boolean) {
    const existing = byId.get(file.fileId);
    // Our own record is the truth; an entry from a peer only fills a gap.
    if (existing && !local) return;
    if (!existing && !local && byId.size >= FILE_LIST_MAX_ENTRIES) return;
    byId.set(
      file.fileId,
      Object.freeze({
        fileId: file.fileId,
        name: file.name,
        type: file.type,
        size: file.size,
        timestamp: file.timestamp,
        senderId: file.senderId,
        direction: file.senderId === selfId ? 'sent' : 'received',
      }),
    );
    changed();
  }

  function sendListTo(peerId: string) {
    for (const entry of snapshot) {
      const sync: FileSyncMessage = {
        v: FILE_TRANSFER_PROTOCOL_VERSION,
        kind: entry.direction === 'sent' ? 'outgoing-sync' : 'sync',
        fileId: entry.fileId,
        name: entry.name,
        type: entry.type,
        size: entry.size,
        timestamp: entry.timestamp,
        senderId: entry.senderId,
      };
      post(encodeMessage(sync), peerId);
    }
  }

  return {
    join() {
      if (disposed) return;
      for (const delay of LIST_REQUEST_DELAYS_MS) {
        later(() => {
          post(
            encodeMessage({
              v: FILE_TRANSFER_PROTOCOL_VERSION,
              kind: 'list-request',
              requesterId: selfId,
              timestamp: now(),
            }),
          );
        }, delay);
      }
    },
    peerJoined(peerId) {
      if (disposed || peerId === selfId) return;
      later(() => sendListTo(peerId), NEWCOMER_LIST_DELAY_MS);
    },
    recordSent(file) {
      if (disposed) return;
      put({ ...file, senderId: selfId, timestamp: file.timestamp ?? now() }, true);
    },
    recordReceived(file) {
      if (disposed) return;
      put({ ...file, timestamp: file.timestamp ?? now() }, true);
    },
    handleMessage(message, fromId) {
      if (disposed || fromId === selfId) return;
      switch (message.kind) {
        case 'list-request': {
          // Answered to the transport's sender, not to the claimed requesterId; a peer asking
          // again within a second gets no second copy (the spec's requests are 2 s apart).
          const t = now();
          const last = lastAnswered.get(fromId);
          if (last !== undefined && t - last < LIST_REQUEST_MIN_INTERVAL_MS) return;
          lastAnswered.set(fromId, t);
          sendListTo(fromId);
          return;
        }
        case 'sync':
        case 'outgoing-sync':
          // "A file I sent": only its sender can announce that.
          if (message.kind === 'outgoing-sync' && message.senderId !== fromId) return;
          put(message, false);
          return;
        case 'meta':
        case 'chunk':
        case 'end':
          return;
      }
    },
    entries() {
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      disposed = true;
      for (const cancel of timers) cancel();
      timers.clear();
      lastAnswered.clear();
      const hadEntries = byId.size > 0;
      byId.clear();
      if (hadEntries) changed();
      listeners.clear();
    },
  };
}
