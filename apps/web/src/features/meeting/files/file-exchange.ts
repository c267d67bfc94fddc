import { FILE_SIZE_LIMIT_BYTES } from '@vizita/shared/file-transfer/constants';
import {
  createFileList,
  type FileList,
  type FileListEntry,
} from '@vizita/shared/file-transfer/file-list';
import { decodeMessage } from '@vizita/shared/file-transfer/messages';
import {
  createFileReceiver,
  type FileReceiveErrorReason,
  type FileReceiver,
  type ReceivedFile,
} from '@vizita/shared/file-transfer/receiver';
import {
  createFileSender,
  FileSendError,
  type FileSender,
} from '@vizita/shared/file-transfer/sender';
import type { CallData, CallSession, CallSnapshot } from '../call/call-session';

// The in-call file transfer of the meeting page (spec §2 File Transfer panel, §4 "File transfer
// per file", §5 "File share", §8 alerts), on top of the shared engine: a sender, a receiver and
// the call's file list, fed by the call session's transport and data. Framework-free; the panel
// reads its snapshot.

/** Spec §8 "File transfer alerts". */
export type FileAlert = 'tooLarge' | 'disabled' | 'inactive' | 'failed';

export type TransferStatus = 'sending' | 'receiving' | 'completed' | 'error';

export interface Transfer {
  /** Ours for outgoing files until the engine names them; the protocol's fileId for incoming. */
  id: string;
  direction: 'outgoing' | 'incoming';
  /** Null for an incoming file refused before its announcement was read. */
  name: string | null;
  /** The MIME type the sender announced (a received image is previewed); null when unknown. */
  type: string | null;
  size: number;
  /** Whole percent. */
  percent: number;
  status: TransferStatus;
  /** Why an incoming file was dropped. */
  error: FileReceiveErrorReason | null;
  /** Incoming and verified: a Blob URL to download it, and its SHA-256. */
  url: string | null;
  sha256: string | null;
}

export interface FileExchangeSnapshot {
  transfers: readonly Transfer[];
  /** Files shared in the call that this device does not hold (sent before we joined). */
  sharedElsewhere: readonly FileListEntry[];
  alert: FileAlert | null;
  /** The latest finished transfer, for the page's live region. */
  announcement: { id: string; name: string; direction: Transfer['direction'] } | null;
  /** The file transfer can work here at all (Web Crypto hashes the files; https or localhost). */
  enabled: boolean;
}

export interface FileExchangeOptions {
  session: CallSession;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
  /** How often stalled incoming transfers are looked for. */
  sweepIntervalMs?: number;
}

const SWEEP_INTERVAL_MS = 5_000;
const LIST_KINDS = new Set(['sync', 'outgoing-sync', 'list-request']);

function cryptoAvailable(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}

function percentOf(done: number, total: number): number {
  return total <= 0 ? 100 : Math.min(100, Math.floor((done / total) * 100));
}

export class FileExchange {
  private readonly session: CallSession;
  private readonly createObjectUrl: (blob: Blob) => string;
  private readonly revokeObjectUrl: (url: string) => void;
  private readonly listeners = new Set<() => void>();
  private readonly enabled = cryptoAvailable();
  private snapshot: FileExchangeSnapshot;
  private transfers = new Map<string, Transfer>();
  /** Protocol ids of the files this device has (sent or received whole). */
  private readonly held = new Set<string>();
  private receiver: FileReceiver;
  private sender: FileSender | null = null;
  private list: FileList | null = null;
  private listJoined = false;
  private lastCall: CallSnapshot;
  private nextLocalId = 1;
  private disposed = false;
  private readonly unsubscribe: Array<() => void> = [];
  private readonly sweepTimer: ReturnType<typeof setInterval>;

  constructor(options: FileExchangeOptions) {
    this.session = options.session;
    this.createObjectUrl = options.createObjectUrl ?? ((blob) => URL.createObjectURL(blob));
    this.revokeObjectUrl = options.revokeObjectUrl ?? ((url) => URL.revokeObjectURL(url));
    this.snapshot = {
      transfers: [],
      sharedElsewhere: [],
      alert: null,
      announcement: null,
      enabled: this.enabled,
    };
    this.receiver = this.createReceiver();
    this.lastCall = this.session.getSnapshot();
    this.unsubscribe.push(this.session.subscribe(() => this.callChanged()));
    this.unsubscribe.push(this.session.onData((data) => void this.handleData(data)));
    this.sweepTimer = setInterval(
      () => this.receiver.sweep(),
      options.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    );
    this.callChanged();
  }

  getSnapshot = (): FileExchangeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(change: Partial<FileExchangeSnapshot> = {}): void {
    this.snapshot = {
      ...this.snapshot,
      transfers: [...this.transfers.values()],
      sharedElsewhere: this.sharedElsewhere(),
      ...change,
    };
    for (const listener of [...this.listeners]) listener();
  }

  private sharedElsewhere(): FileListEntry[] {
    return (this.list?.entries() ?? []).filter((entry) => !this.held.has(entry.fileId));
  }

  private update(id: string, change: Partial<Transfer>): void {
    const transfer = this.transfers.get(id);
    if (!transfer) return;
    const next = { ...transfer, ...change };
    if (
      next.percent === transfer.percent &&
      next.status === transfer.status &&
      next.error === transfer.error
    ) {
      return;
    }
    this.transfers.set(id, next);
    this.emit();
  }

  // --- the call -----------------------------------------------------------------------------

  private callChanged(): void {
    if (this.disposed) return;
    const call = this.session.getSnapshot();
    const previous = this.lastCall;
    this.lastCall = call;
    if (call.phase === 'ended') {
      // Spec §4: received files are cleared when the call ends.
      this.clear();
      return;
    }
    if (!this.enabled || call.selfId === null) return;
    if (!this.sender || !this.list) {
      this.sender = createFileSender({
        transport: this.session.fileTransport,
        senderId: call.selfId,
      });
      this.list = createFileList({ selfId: call.selfId, transport: this.session.fileTransport });
      this.unsubscribe.push(this.list.subscribe(() => this.emit()));
    }
    const opened = call.transportOpen && (!previous.transportOpen || call === previous);
    const newPeer = call.transportOpen && call.remoteId !== previous.remoteId;
    if (opened || newPeer) {
      if (!this.listJoined) {
        // Spec §9: the file list is requested from the others at 1, 3 and 5 s after joining.
        this.listJoined = true;
        this.list.join();
      } else if (call.remoteId) {
        // …and someone who (re)joins gets ours after 1 s.
        this.list.peerJoined(call.remoteId);
      }
    }
  }

  private async handleData(data: CallData): Promise<void> {
    if (this.disposed || !this.enabled) return;
    if (data.kind === 'binary') {
      await this.receiver.handleBinary(data.frame, data.from);
      return;
    }
    const decoded = decodeMessage(data.message);
    if (decoded.ok && LIST_KINDS.has(decoded.message.kind)) {
      this.list?.handleMessage(decoded.message, data.from);
      return;
    }
    await this.receiver.handleMessage(data.message, data.from);
  }

  private createReceiver(): FileReceiver {
    return createFileReceiver({
      onStart: (info) => {
        this.transfers.set(info.fileId, {
          id: info.fileId,
          direction: 'incoming',
          name: info.name,
          type: info.type || null,
          size: info.size,
          percent: 0,
          status: 'receiving',
          error: null,
          url: null,
          sha256: null,
        });
        this.emit();
      },
      onProgress: (fileId, received, total) =>
        this.update(fileId, { percent: percentOf(received, total) }),
      onFile: (file) => this.received(file),
      onError: (fileId, reason) => {
        if (this.transfers.has(fileId)) {
          this.update(fileId, { status: 'error', error: reason });
          return;
        }
        this.transfers.set(fileId, {
          id: fileId,
          direction: 'incoming',
          name: null,
          type: null,
          size: 0,
          percent: 0,
          status: 'error',
          error: reason,
          url: null,
          sha256: null,
        });
        this.emit();
      },
    });
  }

  private received(file: ReceivedFile): void {
    if (this.disposed) return;
    const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], {
      type: file.type || 'application/octet-stream',
    });
    const url = this.createObjectUrl(blob);
    const existing = this.transfers.get(file.fileId);
    if (existing?.url) this.revokeObjectUrl(existing.url);
    this.held.add(file.fileId);
    this.transfers.set(file.fileId, {
      id: file.fileId,
      direction: 'incoming',
      name: file.name,
      type: file.type || null,
      size: file.size,
      percent: 100,
      status: 'completed',
      error: null,
      url,
      sha256: file.sha256,
    });
    this.list?.recordReceived(file);
    this.emit({ announcement: { id: file.fileId, name: file.name, direction: 'incoming' } });
  }

  // --- sending ------------------------------------------------------------------------------

  /**
   * Sends each file to the other participant. Refused with an alert: a file over the limit
   * (nothing is sent), no file transfer on this device, or no call to send through.
   */
  send(files: Iterable<File>): void {
    if (this.disposed) return;
    for (const file of files) void this.sendOne(file);
  }

  private async sendOne(file: File): Promise<void> {
    if (file.size > FILE_SIZE_LIMIT_BYTES) {
      this.emit({ alert: 'tooLarge' });
      return;
    }
    const sender = this.sender;
    if (!this.enabled || !sender) {
      this.emit({ alert: this.enabled ? 'inactive' : 'disabled' });
      return;
    }
    if (!this.session.getSnapshot().transportOpen) {
      this.emit({ alert: 'inactive' });
      return;
    }
    const id = `local-${this.nextLocalId++}`;
    this.transfers.set(id, {
      id,
      direction: 'outgoing',
      name: file.name,
      type: file.type || null,
      size: file.size,
      percent: 0,
      status: 'sending',
      error: null,
      url: null,
      sha256: null,
    });
    this.emit();
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sent = await sender.send({ name: file.name, type: file.type, bytes }, (done, total) =>
        this.update(id, { percent: percentOf(done, total) }),
      );
      if (this.disposed || !this.transfers.has(id)) return;
      this.held.add(sent.fileId);
      this.list?.recordSent(sent);
      const transfer = this.transfers.get(id);
      if (transfer) {
        this.transfers.set(id, {
          ...transfer,
          percent: 100,
          status: 'completed',
          sha256: sent.sha256,
        });
      }
      this.emit({ announcement: { id, name: sent.name, direction: 'outgoing' } });
    } catch (error) {
      // Cleared meanwhile (the call ended): nothing to report.
      if (this.disposed || !this.transfers.has(id)) return;
      this.update(id, { status: 'error' });
      const tooLarge = error instanceof FileSendError && error.code === 'tooLarge';
      this.emit({ alert: tooLarge ? 'tooLarge' : 'failed' });
    }
  }

  dismissAlert(): void {
    if (this.snapshot.alert !== null) this.emit({ alert: null });
  }

  // --- ending -------------------------------------------------------------------------------

  /**
   * Forgets every file (spec §4: on leaving and when the call ends): the downloads' Blob URLs are
   * revoked, transfers in progress are dropped.
   */
  clear(): void {
    for (const transfer of this.transfers.values()) {
      if (transfer.url) this.revokeObjectUrl(transfer.url);
    }
    this.transfers.clear();
    this.held.clear();
    this.receiver.clear();
    this.emit({ alert: null, announcement: null });
  }

  dispose(): void {
    if (this.disposed) return;
    this.clear();
    this.disposed = true;
    clearInterval(this.sweepTimer);
    for (const stop of this.unsubscribe.splice(0)) stop();
    this.list?.dispose();
    this.list = null;
    this.sender = null;
    this.listeners.clear();
  }
}
