import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../src/config.ts';
import { createTestApp, PRODUCTION_ENV, signUp, type TestApp } from './test-app.ts';

/** A page the server renders itself (the hosted checkout's answer to an unknown session). */
const PAGE = '/checkout/cs_unknown';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('platform', () => {
  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: true });
  });

  it('sends a page strict security headers and a request id', async () => {
    const res = await t.app.inject(PAGE);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The installable app's worker and manifest are the page's own (ADR 0046).
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('lets no API answer run, load or be framed, and sends it none of a page’s policies', async () => {
    const s = await signUp(t);
    const authorization = `Bearer ${s.accessToken}`;
    for (const url of [
      '/healthz',
      '/readyz',
      '/auth/status',
      '/api/doctors',
      '/api/nothing-here',
    ]) {
      const res = await t.app.inject({ url, headers: { authorization } });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBeUndefined();
    }
  });

  it('lets the page reach no other host, and use nothing but camera, microphone and screen', async () => {
    const csp = (await t.app.inject(PAGE)).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // No scheme-wide or wildcard sources (https:, ws:, wss:, *): every source is ours.
    for (const [name, values] of Object.entries(directives))
      for (const value of values as string[])
        expect(value, name).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
    const policy = (await t.app.inject(PAGE)).headers['permissions-policy'] as string;
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=()');
    expect(policy).toContain('payment=()');
  });

  it('keeps answers about people out of every cache', async () => {
    const s = await signUp(t);
    const profile = await t.app.inject({
      url: '/auth/profile',
      headers: { authorization: `Bearer ${s.accessToken}` },
    });
    expect(profile.headers['cache-control']).toBe('no-store');
    for (const url of ['/auth/status', '/api/appointments', '/healthz', '/api/doctors'])
      expect((await t.app.inject(url)).headers['cache-control'], url).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'notFound' });
  });

  it('never writes passwords, tokens or cookies to the logs', async () => {
    const s = await signUp(t, 'logs@example.bg', 'Secret-Log-2026!');
    await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      cookies: { vizita_rt: s.refreshToken },
      headers: { authorization: `Bearer ${s.accessToken}` },
    });
    const all = t.logs.join('\n');
    expect(all).toContain('"reqId"');
    expect(all).not.toContain('Secret-Log-2026!');
    expect(all).not.toContain(s.refreshToken);
    expect(all).not.toContain(s.accessToken);
  });

  it('keeps the outbox readable at /dev/mail outside production', async () => {
    await signUp(t, 'outbox@example.bg');
    const json = await t.app.inject('/dev/mail/messages.json');
    expect(json.json().data[0]).toMatchObject({
      to: 'outbox@example.bg',
      links: [expect.stringContaining('http://vizita.test/')],
    });
    const html = await t.app.inject('/dev/mail');
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('outbox@example.bg');
  });
});

describe('development tools', () => {
  it('are there only while the server listens on loopback', async () => {
    const exposed = await createTestApp({ env: { NODE_ENV: 'development', HOST: '0.0.0.0' } });
    try {
      expect((await exposed.app.inject('/dev/mail')).statusCode).toBe(404);
      const s = await signUp(exposed);
      const dev = await exposed.app.inject({
        method: 'POST',
        url: '/api/payments/process-dev-payment',
        headers: { authorization: `Bearer ${s.accessToken}` },
        payload: { sessionId: 'cs_local_anything' },
      });
      expect(dev.statusCode).toBe(403);
      expect(dev.json()).toMatchObject({ code: 'devPaymentsDisabled' });
    } finally {
      await exposed.close();
    }
    expect((await t.app.inject('/dev/mail')).statusCode).toBe(200);
  });

  it('tell loopback from the network, and seed demo doctors only on loopback', () => {
    for (const host of ['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'vizita.example', '127.0.0.1.nip.io'])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toMatchObject({
      devTools: false,
      seedDemoData: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      devTools: true,
      seedDemoData: true,
    });
  });
});

describe('production mode', () => {
  it('hides the outbox viewer', async () => {
    const prod = await createTestApp({ env: PRODUCTION_ENV });
    try {
      expect((await prod.app.inject('/dev/mail')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the auth calls from the shared contracts', async () => {
    const res = await t.app.inject('/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/register-minimal',
        '/auth/status',
        '/auth/reset-password',
      ]),
    );
    expect(
      doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
  });
});
