import { createHash } from 'node:crypto';
import pg from 'pg';
import { BroadcastTooLargeError, createHandlerRegistry, type Broadcaster } from './broadcaster.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (in the default configuration). */
export const PG_NOTIFY_MAX_BYTES = 7999;

export const APPLICATION_NAME = 'vizita-broadcaster';
const RECONNECT_DELAY_MS = 1000;
const RECONNECT_DELAY_MAX_MS = 30_000;

/**
 * The LISTEN/NOTIFY name of a channel: identifiers stop at 63 bytes (longer ones are silently
 * truncated, so two long names could meet) and fold to lower case unless quoted. A hash is
 * short, lower-case, a valid bare identifier whatever the channel contains, and never collides
 * in practice.
 */
export function pgChannelName(channel: string): string {
  return `vz_${createHash('sha256').update(channel).digest('hex').slice(0, 40)}`;
}

type Log = { warn: (obj: object, msg: string) => void };

/**
 * PostgreSQL as the bus, for deployments that run several instances without Redis. One
 * dedicated connection (outside the pool: a LISTEN must stay on one session) listens and
 * notifies; when it drops, it comes back with its LISTENs, and messages sent meanwhile are lost
 * (clients re-join, the join answer being asked again on every reconnection).
 * NOTIFY is not part of the core flows (ARCHITECTURE.md §1), so engines without it can still
 * run a single instance or use Redis.
 */
export async function createPostgresBroadcaster({
  url,
  log,
}: {
  url: string;
  log?: Log;
}): Promise<Broadcaster> {
  let closed = false;
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_DELAY_MS;
  const channelsByName = new Map<string, string>();
  // One query at a time on the connection (pg stops queueing them itself in its next major),
  // in call order, so an UNLISTEN and the LISTEN after it cannot swap.
  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = chain.then(task, task);
    chain = next.catch(() => {});
    return next;
  }

  const registry = createHandlerRegistry({
    async onFirst(channel) {
      const name = pgChannelName(channel);
      channelsByName.set(name, channel);
      await serial(async () => (await live()).query(`LISTEN ${name}`));
    },
    async onLast(channel) {
      const name = pgChannelName(channel);
      channelsByName.delete(name);
      // A lost connection has forgotten its LISTENs already; the next one will not repeat this.
      const c = client;
      if (c) await serial(() => c.query(`UNLISTEN ${name}`)).catch(() => {});
    },
    onHandlerError: (err) => log?.warn({ err }, 'broadcast handler failed'),
  });

  function live(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('broadcaster is closed'));
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => (connecting = undefined));
    return connecting;
  }

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      // Named, so an operator sees it in pg_stat_activity (and knows not to count it as a leak).
      application_name: APPLICATION_NAME,
    });
    c.on('notification', (n) => {
      const channel = channelsByName.get(n.channel);
      if (channel !== undefined && n.payload !== undefined) registry.dispatch(channel, n.payload);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    await c.connect();
    for (const name of channelsByName.keys()) await c.query(`LISTEN ${name}`);
    if (closed) {
      await c.end().catch(() => {});
      throw new Error('broadcaster is closed');
    }
    client = c;
    delay = RECONNECT_DELAY_MS;
    return c;
  }

  function lost(c: pg.Client, err?: Error) {
    if (closed || client !== c) return;
    client = undefined;
    log?.warn({ err }, 'broadcaster lost its PostgreSQL connection; reconnecting');
    void c.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      live().catch((err: unknown) => {
        log?.warn({ err }, 'broadcaster could not reconnect to PostgreSQL');
        delay = Math.min(delay * 2, RECONNECT_DELAY_MAX_MS);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  // Fail at start-up, not on the first call, when the database cannot be reached.
  await live();

  return {
    kind: 'postgres',
    async publish(channel, message) {
      const bytes = Buffer.byteLength(message);
      // Refused loudly rather than cut: a truncated SDP would fail far from its cause.
      if (bytes > PG_NOTIFY_MAX_BYTES) throw new BroadcastTooLargeError(bytes, PG_NOTIFY_MAX_BYTES);
      const name = pgChannelName(channel);
      await serial(async () => (await live()).query('select pg_notify($1, $2)', [name, message]));
    },
    subscribe: (channel, handler) => registry.add(channel, handler),
    async close() {
      closed = true;
      clearTimeout(retry);
      registry.clear();
      channelsByName.clear();
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
