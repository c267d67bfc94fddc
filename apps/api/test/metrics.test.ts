import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createBookingFixture } from './booking-fixture.ts';
import {
  createTestApp,
  openSignalling,
  PRODUCTION_ENV,
  testClock,
  type TestApp,
  type TestAppOptions,
} from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC (10:00 in Sofia). Dr. Petrova works Mon–Fri 09:00–17:00 Sofia time.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const TOKEN = 'metrics-token-that-is-long-enough-0123456789';
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
});
afterAll(() => t.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// Values as Prometheus reads them (Go's ParseFloat): numbers, and Inf or NaN in any case.
const VALUE = '[+-]?(?:[0-9]*\\.?[0-9]+(?:e[+-]?[0-9]+)?|inf(?:inity)?)|nan';
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?[0-9]+)?$`,
  'i',
);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * The text exposition format 0.0.4, strictly: HELP and TYPE once per family and before its
 * samples, every sample of a declared family (a histogram's as _bucket/_sum/_count), label values
 * escaped, numbers or ±Inf/NaN (prom-client writes an empty gauge as `Nan`, which Prometheus reads). Throws on the first line that is not; answers the samples.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  const familyOf = (name: string) => {
    if (types.has(name) && !SUFFIXES[types.get(name)!]) return name;
    for (const [family, type] of types)
      if (SUFFIXES[type]?.some((suffix) => `${family}${suffix}` === name)) return family;
    return undefined;
  };
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  for (const line of text.slice(0, -1).split('\n')) {
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!new RegExp(`^${NAME}$`).test(name)) throw new Error(`bad metric name: ${line}`);
      if (kind === 'HELP') {
        if (helped.has(name)) throw new Error(`HELP twice: ${line}`);
        helped.add(name);
      } else {
        if (types.has(name)) throw new Error(`TYPE twice: ${line}`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest))
          throw new Error(`bad TYPE: ${line}`);
        types.set(name, rest);
      }
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = '', value] = match as unknown as [string, string, string, string];
    if (!familyOf(name)) throw new Error(`a sample without its TYPE: ${line}`);
    const labels = Object.fromEntries(
      [...labelText.matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const special = /^([+-]?)inf/i.exec(value);
    const number = special
      ? Number(`${special[1]}Infinity`)
      : /^nan$/i.test(value)
        ? NaN
        : Number(value);
    samples.push({ name, labels, value: number });
  }
  return samples;
}

/** One sample's value (0 when absent), its labels matched exactly as given. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

async function scrape(app: TestApp = t, headers: Record<string, string> = {}) {
  const res = await app.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return { text: res.body, samples: parseExposition(res.body) };
}

/** A second app on this file's database (its own pool and registry). */
const otherApp = (env: Record<string, string>, more: Omit<TestAppOptions, 'env'> = {}) =>
  createTestApp({ env, databaseUrl: t.databaseUrl, clock, ...more });

describe('who may read /metrics', () => {
  it('answers a Bearer METRICS_TOKEN only: 401 without it or with another', async () => {
    const guarded = await otherApp({ ...PRODUCTION_ENV, METRICS_TOKEN: TOKEN });
    try {
      const without = await guarded.app.inject('/metrics');
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toBe('Bearer');
      expect(without.json()).toMatchObject({ success: false, code: 'authRequired' });
      const wrong = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(right.headers['cache-control']).toBe('no-store');
    } finally {
      await guarded.close();
    }
  });

  it('is never public in production without a token or a port of its own: 404', async () => {
    const prod = await otherApp(PRODUCTION_ENV);
    try {
      const res = await prod.app.inject('/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('vizita_');
    } finally {
      await prod.close();
    }
  });

  it('is open on loopback outside production, but not once the server listens on the network', async () => {
    await scrape(); // this file's app: NODE_ENV=test on localhost
    const lan = await otherApp({ HOST: '0.0.0.0' });
    try {
      expect((await lan.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await lan.close();
    }
  });

  it('with METRICS_PORT, answers on that listener only (with the token when one is set)', async () => {
    const internal = await otherApp({ ...PRODUCTION_ENV, METRICS_PORT: '0' });
    const both = await otherApp({ ...PRODUCTION_ENV, METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    try {
      expect((await internal.app.inject('/metrics')).statusCode).toBe(404);
      const url = await internal.app.metricsListener.listen();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(valueOf(parseExposition(await res.text()), 'vizita_db_pool_max')).toBe(20);
      expect((await fetch(`${url}/healthz`)).status).toBe(404);

      const guarded = await both.app.metricsListener.listen();
      expect((await fetch(`${guarded}/metrics`)).status).toBe(401);
      const authorized = await fetch(`${guarded}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(authorized.status).toBe(200);
    } finally {
      await internal.close();
      await both.close();
    }
  });
});

describe('the exposition', () => {
  it('parses as the Prometheus text format and has the pool, queue, rooms and process series', async () => {
    const { samples } = await scrape();
    for (const name of [
      'vizita_db_pool_connections',
      'vizita_db_pool_idle',
      'vizita_db_pool_waiting',
      'vizita_jobs_due',
      'vizita_jobs_retrying',
      'vizita_jobs_failed',
      'vizita_meeting_rooms_open',
      'vizita_meeting_sockets_open',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(samples.some((s) => s.name === name)).toBe(true);
    expect(valueOf(samples, 'vizita_db_pool_max')).toBe(20);
    expect(valueOf(samples, 'vizita_meeting_rooms_open')).toBe(0);
    // The counters exist before their first event, so that rate() sees it.
    expect(samples).toContainEqual({
      name: 'vizita_refunds_total',
      labels: { by: 'provider' },
      value: 0,
    });
  });

  it('labels requests by the route template, never by the URL with its ids and tokens', async () => {
    const id = randomUUID();
    expect((await t.app.inject(`/api/appointments/${id}`)).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/auth/validate-email?token=secret-from-a-mail' });
    await t.app.inject('/no/such/page.png');
    const { text, samples } = await scrape();
    const count = (route: string, status: string, method = 'GET') =>
      valueOf(samples, 'vizita_http_request_duration_seconds_count', {
        method,
        route,
        status_code: status,
      });
    expect(count('/api/appointments/:id', '401')).toBe(1);
    expect(count('/auth/validate-email', '400', 'POST')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret-from-a-mail');
    // The scrapes themselves are not timed.
    expect(text).not.toContain('route="/metrics"');
  });

  it('answers without the database, the queue then unknown (NaN) rather than empty', async () => {
    const cut = await otherApp({});
    try {
      await cut.pool.end();
      const { samples } = await scrape(cut);
      expect(valueOf(samples, 'vizita_jobs_due')).toBeNaN();
      expect(valueOf(samples, 'vizita_jobs_failed')).toBeNaN();
      expect(valueOf(samples, 'vizita_db_pool_max')).toBe(20);
    } finally {
      await cut.app.close();
    }
  });
});

describe('the business counters', () => {
  it('count a booking and its payment once, and the refund of its cancellation', async () => {
    const before = (await scrape()).samples;
    const [p] = await f.patients(1);
    const { appointmentId, sessionId } = await f.bookPaid(p!.token, '2026-11-25', '10:00');
    // A second fulfilment (the success page after the redirect) changes nothing and counts nothing.
    await t.app.inject({
      url: `/api/payments/session/${sessionId}`,
      headers: { authorization: `Bearer ${p!.token}` },
    });
    const paid = (await scrape()).samples;
    const delta = (after: Sample[], name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta(paid, 'vizita_bookings_total', { channel: 'checkout' })).toBe(1);
    expect(delta(paid, 'vizita_payments_total', { status: 'completed' })).toBe(1);
    expect(delta(paid, 'vizita_refunds_total', { by: 'vizita' })).toBe(0);

    // Two days ahead: a full refund (ADR 0012).
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      headers: { authorization: `Bearer ${p!.token}` },
      payload: { reason: 'I have recovered, thank you.' },
    });
    expect(cancelled.json().data.refund).toBe('refunded');
    const refunded = (await scrape()).samples;
    expect(delta(refunded, 'vizita_refunds_total', { by: 'vizita' })).toBe(1);
    expect(delta(refunded, 'vizita_bookings_total', { channel: 'checkout' })).toBe(1);
  });

  it('count a checkout that failed at the provider', async () => {
    const before = (await scrape()).samples;
    const [p] = await f.patients(1);
    const res = await f.book(p!.token, { date: '2026-11-26', slot: '10:00' });
    const { sessionId } = res.json<{ data: { sessionId: string } }>().data;
    // The local provider's card that is always declined.
    await f.pay(sessionId, '4000 0000 0000 0002');
    await t.app.inject({
      url: `/api/payments/session/${sessionId}`,
      headers: { authorization: `Bearer ${p!.token}` },
    });
    const after = (await scrape()).samples;
    const failed = { status: 'failed' };
    expect(valueOf(after, 'vizita_payments_total', failed)).toBe(
      valueOf(before, 'vizita_payments_total', failed) + 1,
    );
    expect(valueOf(after, 'vizita_bookings_total', { channel: 'checkout' })).toBe(
      valueOf(before, 'vizita_bookings_total', { channel: 'checkout' }),
    );
  });

  it('count the mails the transport refused, and the queue shows the mail job retrying', async () => {
    const refusing: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:587')),
    };
    const down = await otherApp({}, { mailer: refusing });
    try {
      const before = (await scrape(down)).samples;
      expect(valueOf(before, 'vizita_mail_failures_total')).toBe(0);
      const reg = await down.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        payload: {
          firstName: 'Maria',
          lastName: 'Ivanova',
          email: `p-${randomUUID()}@example.bg`,
          password: 'Sofia-2026!',
          termsAccepted: true,
        },
      });
      expect(reg.statusCode).toBe(201);
      await down.app.backgroundWork.settled();
      const after = (await scrape(down)).samples;
      expect(valueOf(after, 'vizita_mail_failures_total')).toBe(1);
      expect(valueOf(after, 'vizita_jobs_retrying')).toBeGreaterThanOrEqual(1);
    } finally {
      await down.close();
    }
  });
});

describe('the meeting gauges', () => {
  it('count the availability reads answered from memory and those computed', async () => {
    const before = (await scrape()).samples;
    // A change empties the cache: the first read computes, the second is answered from memory.
    await t.app.availability.changed();
    const read = () => t.app.inject(`/api/availability?doctorId=${f.doctorId}&date=2026-11-26`);
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    const after = (await scrape()).samples;
    const delta = (result: string) =>
      valueOf(after, 'vizita_availability_cache_reads_total', { result }) -
      valueOf(before, 'vizita_availability_cache_reads_total', { result });
    expect(delta('miss')).toBe(1);
    expect(delta('hit')).toBe(1);
    expect(valueOf(after, 'vizita_availability_cache_doctors')).toBe(1);
  });

  it('count the rooms and sockets open on this instance', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { id, patient } = await f.appointmentIn(5 * 60_000, { currency: 'EUR' });
    const join = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/meetings/${id}/join`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{ data: { signallingUrl: string } }>().data.signallingUrl;
    const first = await openSignalling(origin, await join(patient.token));
    await first.next('welcome');
    const doctor = await openSignalling(origin, await join((await f.signIn(f.doctorId)).token));
    await doctor.next('welcome');
    const { samples, text } = await scrape();
    expect(valueOf(samples, 'vizita_meeting_rooms_open')).toBe(1);
    expect(valueOf(samples, 'vizita_meeting_sockets_open')).toBe(2);
    first.close();
    doctor.close();
    await Promise.all([first.closed, doctor.closed]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (await scrape()).samples;
    expect(valueOf(after, 'vizita_meeting_rooms_open')).toBe(0);
    expect(valueOf(after, 'vizita_meeting_sockets_open')).toBe(0);
    // An upgraded socket is not a request with a duration: it is counted by the gauge only.
    expect(text).not.toContain('route="/ws/');
  });
});
