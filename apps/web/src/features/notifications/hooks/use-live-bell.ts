import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-client';
import type { BellServerMessage } from '@vizita/shared/contracts/notifications';
import { getBellSocket } from '../api/get-bell-socket';

// The contract's values (its close codes, its version) are kept here as numbers: importing them
// would bring its zod schemas onto every signed-in page.

/** The server's close codes (contracts/notifications BELL_SOCKET_CLOSE). */
const CLOSE_FORBIDDEN = 4403;
/** Reconnecting waits 1, 2, 4 … seconds (with jitter), at most this long, after a failure. */
const MAX_BACKOFF_MS = 30_000;
/** The contract's BELL_READ_WINDOW_MAX_MS: the server looks no further back than this. */
const READ_WINDOW_MAX_MS = 30_000;

/**
 * The first socket's address, telling the server how long ago the page began the reads it shows
 * (contracts/notifications BELL_READS_WITHIN_PARAM, ADR 0060): all of them were sent after this
 * document started, so the time since then, read as the ticket's answer arrives, bounds how much
 * earlier than the ticket any of them was served — on the page's own clock, compared with no
 * other. The server then asks for a second round of reads only after a change that close to the
 * ticket, not after any in the 30 s before it.
 */
export function withReadWindow(url: string, sinceDocumentStartMs: number): string {
  const address = new URL(url);
  const readsWithin = Math.min(READ_WINDOW_MAX_MS, Math.ceil(sinceDocumentStartMs));
  address.searchParams.set('readsWithinMs', String(readsWithin));
  return address.toString();
}

/**
 * What the server says on the socket (contracts/notifications bellServerMessageSchema, read here
 * without the schema): "ready" once it listens, saying whether the bell changed shortly before;
 * "changed" when the bell did.
 */
function readMessage(data: unknown): BellServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const { v, type, changedSinceTicket } = JSON.parse(data) as Record<string, unknown>;
    if (v !== 1) return null; // BELL_PROTOCOL_VERSION
    if (type === 'changed') return { v, type };
    if (type !== 'ready') return null;
    return typeof changedSinceTicket === 'boolean' ? { v, type, changedSinceTicket } : { v, type };
  } catch {
    return null;
  }
}

/**
 * Keeps a socket open while the page is, and calls `onChange` when the reader's bell changed —
 * a new notification, or one read in another tab — and each time the socket is reopened, since
 * something may have happened while it was down. The first ticket is asked for as the page reads
 * its bell and its data: on that socket, `onChange` follows "ready" only if the server says the
 * bell changed around then (or does not say) — not a second round of the same reads on every
 * load. Reconnects after a blip with a fresh ticket, backing off while the server is away, at
 * once when the browser comes back online. Stops for good when the session is gone (the ticket is
 * refused) or the server refuses the page's origin.
 */
export function useLiveBell(onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connecting = false;
    /** Whether a ticket was asked for before: only the first is asked for as the page reads. */
    let askedBefore = false;

    const retryLater = () => {
      if (stopped) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) * (0.5 + Math.random() / 2);
      failures += 1;
      timer = setTimeout(() => void connect(), delay);
    };

    async function connect() {
      if (stopped || socket || connecting) return;
      let url: string;
      connecting = true;
      const asThePageReads = !askedBefore;
      askedBefore = true;
      try {
        ({ url } = await getBellSocket());
      } catch (error) {
        // Signed out (or a session that may not): nothing to listen for.
        if (isApiError(error) && (error.statusCode === 401 || error.statusCode === 403)) return;
        return retryLater();
      } finally {
        connecting = false;
      }
      if (stopped) return;
      const opened = new WebSocket(asThePageReads ? withReadWindow(url, performance.now()) : url);
      socket = opened;
      opened.onmessage = (event: MessageEvent) => {
        const message = readMessage(event.data);
        if (!message) return;
        if (message.type === 'ready') {
          failures = 0;
          // Nothing changed since the page read its bell and its data: no need to read again.
          if (asThePageReads && message.changedSinceTicket === false) return;
        }
        latest.current();
      };
      opened.onclose = (event: CloseEvent) => {
        if (socket === opened) socket = null;
        if (stopped || event.code === CLOSE_FORBIDDEN) return;
        retryLater();
      };
    }

    const reconnectNow = () => {
      if (stopped || socket) return;
      clearTimeout(timer);
      failures = 0;
      void connect();
    };
    window.addEventListener('online', reconnectNow);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', reconnectNow);
      socket?.close(1000);
      socket = null;
    };
  }, []);
}
