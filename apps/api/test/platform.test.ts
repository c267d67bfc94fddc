import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, signUp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('platform', () => {
  it('reports liveness and database readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: true });
  });

  it('sends strict security headers and a request id', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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
