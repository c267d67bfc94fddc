import { chatText, decodeChat, encodeChat } from '@vizita/shared/call-chat/chat-message';
import type { CallData, CallSession } from '../call/call-session';

// The call's text chat (issue #12), framework-free like the file exchange: messages go peer to
// peer over the call's data path and live only in this page — cleared when the call ends, as the
// files are. The panel reads the snapshot.

export interface ChatEntry {
  id: string;
  from: 'me' | 'them';
  text: string;
  sentAt: number;
}

export interface ChatSnapshot {
  messages: readonly ChatEntry[];
  /** Messages from the other side since the panel was last open. */
  unread: number;
  /** The last send did not go out (no connection); the text stays in the box. */
  failed: boolean;
}

const EMPTY: ChatSnapshot = { messages: [], unread: 0, failed: false };
/** Kept per call: a long consultation stays readable, a flooding peer cannot grow the page. */
export const CHAT_HISTORY_MAX = 500;

export class ChatSession {
  private snapshot: ChatSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly stops: Array<() => void>;
  private open = false;
  private readonly seen = new Set<string>();

  constructor(
    private readonly session: CallSession,
    private readonly now: () => number = () => Date.now(),
    private readonly randomId: () => string = () => globalThis.crypto.randomUUID(),
  ) {
    this.stops = [
      session.onData((data) => this.received(data)),
      session.subscribe(() => {
        if (session.getSnapshot().phase === 'ended') this.set(EMPTY);
      }),
    ];
  }

  getSnapshot = (): ChatSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(snapshot: ChatSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener();
  }

  private append(entry: ChatEntry, unread: number, failed = false): void {
    this.seen.add(entry.id);
    this.set({
      messages: [...this.snapshot.messages, entry].slice(-CHAT_HISTORY_MAX),
      unread,
      failed,
    });
  }

  private received(data: CallData): void {
    if (data.kind !== 'message') return;
    const decoded = decodeChat(data.message);
    if (!decoded.ok || this.seen.has(decoded.message.id)) return;
    const { id, text, sentAt } = decoded.message;
    this.append({ id, from: 'them', text, sentAt }, this.open ? 0 : this.snapshot.unread + 1);
  }

  /** Sends `input` (trimmed); answers whether it went out, so the box is emptied only then. */
  async send(input: string): Promise<boolean> {
    const text = chatText(input);
    if (text === null) return false;
    const message = { id: this.randomId(), text, sentAt: this.now() };
    try {
      await this.session.fileTransport.sendMessage(encodeChat(message));
    } catch {
      this.set({ ...this.snapshot, failed: true });
      return false;
    }
    this.append({ ...message, from: 'me' }, this.snapshot.unread);
    return true;
  }

  /** The panel opened (everything read) or closed (new messages count again). */
  setOpen(open: boolean): void {
    this.open = open;
    if (open && (this.snapshot.unread > 0 || this.snapshot.failed))
      this.set({ ...this.snapshot, unread: 0, failed: false });
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
  }
}
