import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';
import type { Clock } from '../lib/clock.ts';
import { countJobs } from '../modules/jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The internal listener for /metrics (`METRICS_PORT`): started by main.ts after the app
     * listens; answers its address, or null when metrics are served on the main port or not at all.
     */
    metricsListener: { listen: () => Promise<string | null> };
  }
}

export const METRICS_PATH = '/metrics';

/**
 * One registry per app, never prom-client's global one: tests build several apps in one process,
 * and two instances must not count into each other's series.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, heap, event-loop lag and GC, under the standard names (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'vizita_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status code, and how long they took.',
      labelNames: ['method', 'route', 'status_code'] as const,
      // From a cached read (~1 ms) to a sign-in (~50 ms of argon2) to a provider call (seconds).
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    bookings: new Counter({
      name: 'vizita_bookings_total',
      help: 'Appointments booked: a paid checkout that became upcoming, or a guest consultation set up by the clinic.',
      labelNames: ['channel'] as const,
      registers,
    }),
    payments: new Counter({
      name: 'vizita_payments_total',
      help: 'Checkout payments that ended: completed, failed, or cancelled (the checkout lapsed or was left).',
      labelNames: ['status'] as const,
      registers,
    }),
    refunds: new Counter({
      name: 'vizita_refunds_total',
      help: 'Payments refunded in full, by Vizita (a cancellation, an admin) or at the provider (its dashboard).',
      labelNames: ['by'] as const,
      registers,
    }),
    mailFailures: new Counter({
      name: 'vizita_mail_failures_total',
      help: 'Mails the transport refused (each attempt; the mail job retries).',
      registers,
    }),
  };
  // Every series exists from the start at 0, so that rate() and increase() see the first event.
  for (const channel of ['checkout', 'guest'] as const) metrics.bookings.inc({ channel }, 0);
  for (const status of ['completed', 'failed', 'cancelled'] as const)
    metrics.payments.inc({ status }, 0);
  for (const by of ['vizita', 'provider'] as const) metrics.refunds.inc({ by }, 0);
  return metrics;
}
export type Metrics = ReturnType<typeof createMetrics>;

/** What the modules count where their events happen (a dependency, never a global). */
export type BusinessCounters = Pick<Metrics, 'bookings' | 'payments' | 'refunds' | 'mailFailures'>;

/** The same 32-byte digest for any token, so the comparison takes the same time for any guess. */
const digest = (text: string) => createHash('sha256').update(text).digest();

function hasToken(authorization: string | undefined, expected: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics at /metrics (ADR 0030): request durations by route template, the database
 * pool, the job queue, live meeting rooms and the business counters the modules increment.
 *
 * Who may read them: with `METRICS_PORT`, only the internal listener serves them (the main port
 * answers 404); otherwise the main port, with `METRICS_TOKEN` as a Bearer token. Without either,
 * only the development tools' setting opens them (not production, loopback only); else 404.
 */
export const metricsPlugin = fp<{
  metrics: Metrics;
  access: Config['metrics'];
  pool: pg.Pool;
  db: Db;
  clock: Clock;
  /** Rooms and sockets open on this instance (a function: the meetings register later). */
  liveCalls: () => { rooms: number; sockets: number };
  /** The availability cache of this instance (ADR 0033). */
  availabilityCache: () => { entries: number; hits: number; misses: number };
}>(
  async (
    app: FastifyInstance,
    { metrics, access, pool, db, clock, liveCalls, availabilityCache },
  ) => {
    const { registry } = metrics;
    const registers = [registry];
    const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
    const poolTotal = gauge('vizita_db_pool_connections', 'Connections the pool holds.');
    const poolIdle = gauge('vizita_db_pool_idle', 'Pooled connections not in use.');
    const poolWaiting = gauge(
      'vizita_db_pool_waiting',
      'Requests waiting for a pooled connection (a busy answer after 5 s).',
    );
    const poolMax = gauge('vizita_db_pool_max', 'The most connections the pool opens.');
    poolMax.set(pool.options.max ?? 10);
    const jobsDue = gauge('vizita_jobs_due', 'Jobs due now and not yet run (the queue depth).');
    const jobsRetrying = gauge(
      'vizita_jobs_retrying',
      'Jobs that failed at least once and will run again.',
    );
    const jobsFailed = gauge(
      'vizita_jobs_failed',
      'Jobs given up after their last attempt, kept for an operator (90 days).',
    );
    const rooms = gauge(
      'vizita_meeting_rooms_open',
      'Meeting rooms with a socket on this instance.',
    );
    const sockets = gauge('vizita_meeting_sockets_open', 'Signalling sockets on this instance.');
    const cachedDoctors = gauge(
      'vizita_availability_cache_doctors',
      'Doctors whose booking window this instance keeps in memory.',
    );
    // The cache counts by itself; each scrape copies its totals (monotonic, as counters are).
    const cacheReads = new Counter({
      name: 'vizita_availability_cache_reads_total',
      help: 'Availability reads: answered from memory (hit) or computed from the database (miss).',
      labelNames: ['result'],
      registers,
    });

    /** Reads the gauges' sources once per scrape (the jobs in one query), then the exposition. */
    async function exposition(): Promise<string> {
      poolTotal.set(pool.totalCount);
      poolIdle.set(pool.idleCount);
      poolWaiting.set(pool.waitingCount);
      const live = liveCalls();
      rooms.set(live.rooms);
      sockets.set(live.sockets);
      const cache = availabilityCache();
      cachedDoctors.set(cache.entries);
      cacheReads.reset();
      cacheReads.inc({ result: 'hit' }, cache.hits);
      cacheReads.inc({ result: 'miss' }, cache.misses);
      try {
        const jobs = await countJobs(db, clock());
        jobsDue.set(jobs.due);
        jobsRetrying.set(jobs.retrying);
        jobsFailed.set(jobs.failed);
      } catch (err) {
        // The database is down (the pool gauges show it): the other series still answer, and the
        // queue is unknown (NaN, which no alert threshold matches) rather than stale or empty.
        app.log.warn({ err }, 'metrics: could not count the jobs');
        for (const g of [jobsDue, jobsRetrying, jobsFailed]) g.set(NaN);
      }
      return registry.metrics();
    }

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route === METRICS_PATH) return;
      metrics.httpDuration.observe(
        {
          method: request.method,
          // The template (/api/appointments/:id), never the raw URL with its ids and tokens; a
          // path no route matched (an SPA page, an unknown path) is one series, not one per URL.
          route: route ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    if (access.internal === null && (access.token !== null || access.open)) {
      const { token } = access;
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        if (token !== null && !hasToken(request.headers.authorization, token)) {
          reply.header('www-authenticate', 'Bearer');
          throw new ApiError(401, 'authRequired');
        }
        return reply
          .header('content-type', registry.contentType)
          .header('cache-control', 'no-store')
          .send(await exposition());
      });
    }

    let server: Server | undefined;
    app.decorate('metricsListener', {
      async listen() {
        if (access.internal === null) return null;
        const { port, host } = access.internal;
        const { token } = access;
        server = createServer((request: IncomingMessage, response) => {
          const path = (request.url ?? '').split('?')[0];
          if (request.method !== 'GET' || path !== METRICS_PATH) {
            response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
            return;
          }
          if (token !== null && !hasToken(request.headers.authorization, token)) {
            response
              .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
              .end('Authentication required\n');
            return;
          }
          exposition().then(
            (text) =>
              response
                .writeHead(200, {
                  'content-type': registry.contentType,
                  'cache-control': 'no-store',
                })
                .end(text),
            (err: unknown) => {
              app.log.error({ err }, 'metrics: could not answer a scrape');
              response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
            },
          );
        });
        const listening = server;
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject);
          listening.listen(port, host, () => {
            listening.off('error', reject);
            resolve();
          });
        });
        const address = listening.address() as AddressInfo;
        const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        return `http://${shown}:${address.port}`;
      },
    });
    app.addHook('onClose', async () => {
      if (!server?.listening) return;
      const closing = server;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
