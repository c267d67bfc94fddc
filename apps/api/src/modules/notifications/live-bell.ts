import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  BELL_PROTOCOL_VERSION,
  BELL_READ_WINDOW_MAX_MS,
  BELL_SOCKET_CLOSE,
  type BellServerMessage,
} from '@vizita/shared/contracts/notifications';
import type { Broadcaster } from '../../broadcast/broadcaster.ts';
import type { AdmittedBellTicket } from './socket-ticket.ts';

/** Sockets that miss a ping for this long are dead (a laptop lid closed, a network gone). */
const HEARTBEAT_MS = 30_000;
/** A going-away close tells the page to connect again (through another instance, in a deploy). */
const CLOSE_GOING_AWAY = 1001;
/**
 * Readers named in one message on the bus: 100 ids are 3.7 KB, well under PostgreSQL's NOTIFY
 * limit of 8,000 bytes (broadcast/postgres-broadcaster.ts); a longer list goes in several.
 */
const USERS_PER_MESSAGE = 100;
/**
 * Added to what a page measured (BELL_READS_WITHIN_PARAM): a notification's time is taken before
 * its transaction commits, and two of the API's instances (the one that stored it, the one that
 * issued the ticket) may read slightly different clocks.
 */
export const CHANGE_MARGIN_MS = 10_000;

/**
 * How long before its socket's ticket a page may have read its bell and the data the bell
 * concerns. The page asks for the ticket and its data together as it opens, but on a slow network
 * the ticket's request can wait behind the others. A page that says how long before the ticket's
 * answer it began reading bounds that on its own clock: all its reads were served since then, in
 * the server's time no earlier than the ticket minus that long (ADR 0060). Without that, the most
 * a page waits. A change this close to the ticket makes "ready" ask the page to fetch again; an
 * older one is in what it read.
 */
export function readWindowMs(readsWithinMs: number | undefined): number {
  if (readsWithinMs === undefined) return BELL_READ_WINDOW_MAX_MS;
  return Math.min(BELL_READ_WINDOW_MAX_MS, readsWithinMs + CHANGE_MARGIN_MS);
}
/** Envelope version: instances of two releases share a bus during a rolling deploy. */
const ENVELOPE_VERSION = 1;

type Envelope =
  | { v: typeof ENVELOPE_VERSION; from: string; k: 'changed'; users: string[] }
  | { v: typeof ENVELOPE_VERSION; from: string; k: 'sessions-ended' };

type EnvelopeBody = Envelope extends infer E
  ? E extends unknown
    ? Omit<E, 'v' | 'from'>
    : never
  : never;

type Connection = { socket: WebSocket; userId: string; sessionId: string; alive: boolean };

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The bells open on this instance's pages: one socket per signed-in tab, by reader. "Your bell
 * changed" travels between instances on the broadcaster, so a notification committed on one
 * reaches a page connected to another; every instance hears every message and tells its own
 * sockets. Nothing of the notification itself travels — the page fetches it with its own token.
 */
export function createLiveBell({
  broadcaster,
  channelPrefix,
  liveSessions,
  changedSince,
  log,
}: {
  broadcaster: Broadcaster;
  channelPrefix: string;
  /** Which of these sign-in sessions are live; a socket whose session ended is closed. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  /** Whether the reader's bell changed (a notification came or was read) at or after `since`. */
  changedSince: (userId: string, since: Date) => Promise<boolean>;
  log: Log;
}) {
  const instanceId = randomUUID();
  const channel = `${channelPrefix}:bell`;
  const byUser = new Map<string, Set<Connection>>();
  const pending = new Set<Promise<unknown>>();
  let shuttingDown = false;

  /** Fire-and-forget, but logged, and awaited at shutdown. */
  function track(promise: Promise<unknown>, what: string) {
    const p = promise.catch((err: unknown) => log.warn({ err }, what));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  function send(conn: Connection, message: BellServerMessage) {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  }

  function tell(userIds: string[]) {
    for (const userId of userIds)
      for (const conn of byUser.get(userId) ?? [])
        send(conn, { v: BELL_PROTOCOL_VERSION, type: 'changed' });
  }

  function remove(conn: Connection) {
    const set = byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) byUser.delete(conn.userId);
  }

  /** Closes the sockets whose sign-in session ended: the page's next ticket is refused. */
  async function closeSignedOut() {
    const conns = [...byUser.values()].flatMap((set) => [...set]);
    if (conns.length === 0) return;
    const live = await liveSessions([...new Set(conns.map((c) => c.sessionId))]);
    for (const conn of conns)
      if (!live.has(conn.sessionId)) {
        conn.socket.close(BELL_SOCKET_CLOSE.unauthorized, 'signed out');
        remove(conn);
      }
  }

  function onEnvelope(raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    // A newer release's message is left to the instances that read it.
    if (envelope.v !== ENVELOPE_VERSION) return;
    if (envelope.k === 'changed' && Array.isArray(envelope.users)) tell(envelope.users);
    else if (envelope.k === 'sessions-ended' && envelope.from !== instanceId)
      track(closeSignedOut(), 'could not close the bells of ended sessions');
  }

  const subscription = broadcaster.subscribe(channel, onEnvelope);
  track(subscription, 'could not listen for bell changes');

  const publish = (body: EnvelopeBody) =>
    broadcaster.publish(
      channel,
      JSON.stringify({ v: ENVELOPE_VERSION, from: instanceId, ...body }),
    );

  const heartbeat = setInterval(() => {
    for (const set of byUser.values())
      for (const conn of set) {
        if (!conn.alive) {
          conn.socket.terminate();
          remove(conn);
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /**
     * Keeps an admitted socket until it closes; says "ready" once it will hear every change.
     * `readsWithinMs`: what the page measured of its reads (readWindowMs), if it did.
     */
    add(
      socket: WebSocket,
      {
        userId,
        sessionId,
        issuedAt,
        readsWithinMs,
      }: AdmittedBellTicket & { readsWithinMs?: number },
    ) {
      if (shuttingDown) return socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      const conn: Connection = { socket, userId, sessionId, alive: true };
      let set = byUser.get(conn.userId);
      if (!set) byUser.set(conn.userId, (set = new Set()));
      set.add(conn);
      socket.on('pong', () => (conn.alive = true));
      socket.on('close', () => remove(conn));
      // The page sends nothing: whatever it sends is ignored, never parsed.
      socket.on('message', () => {});
      // Subscribed before "ready", and the bell's recent changes read after subscribing: a
      // change is either heard on the socket or counted here. A page that read its data as it
      // opened, with nothing changed since, is told so and saves fetching it all again.
      const ready = async () => {
        await subscription;
        const since = new Date(issuedAt.getTime() - readWindowMs(readsWithinMs));
        const changedSinceTicket = await changedSince(userId, since).catch((err: unknown) => {
          log.warn({ err }, 'could not read the bell’s recent changes');
          return true;
        });
        send(conn, { v: BELL_PROTOCOL_VERSION, type: 'ready', changedSinceTicket });
      };
      track(ready(), 'could not open a bell');
    },

    /** The readers' bells changed: every instance tells the pages it holds for them. */
    async announce(userIds: string[]) {
      for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE)
        await publish({ k: 'changed', users: userIds.slice(i, i + USERS_PER_MESSAGE) });
    },

    /** Sign-in sessions ended: every instance closes the bells they had opened, now. */
    async sessionsEnded() {
      await Promise.all([closeSignedOut(), publish({ k: 'sessions-ended' })]);
    },

    /** Stops listening; the app's socket server then closes the sockets as "going away". */
    async shutdown() {
      shuttingDown = true;
      clearInterval(heartbeat);
      await (
        await subscription.catch(() => async () => {})
      )();
      await Promise.all([...pending]);
    },

    /** The bells open on this instance (tests, and a gauge if ever wanted). */
    live: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
export type LiveBell = ReturnType<typeof createLiveBell>;
