import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { inlineScriptSources, spaPlugin } from './spa.ts';

let root: string;
const app = Fastify();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vizita-spa-'));
  mkdirSync(join(root, 'assets'));
  // The shell, with the head's early start (ADR 0052): a minified script may hold a `<`.
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>Vizita</title><script>if(1<2)alert(2)</script>',
  );
  // `/` prerendered for a visitor (ADR 0050), with its inline guard script.
  writeFileSync(
    join(root, 'welcome.html'),
    '<!doctype html><title>Welcome · Vizita</title><script>alert(1)</script>',
  );
  // My Appointments prerendered for a browser with a session (ADR 0055), with its guard.
  writeFileSync(
    join(root, 'my-appointments.html'),
    '<!doctype html><title>My Appointments · Vizita</title><script>alert(3)</script>',
  );
  // The same pages in other languages (ADR 0061): this build has `/` in Bulgarian and My
  // Appointments in German only.
  writeFileSync(
    join(root, 'welcome.bg.html'),
    '<!doctype html><title>Добре дошли · Vizita</title><script>alert(4)</script>',
  );
  writeFileSync(
    join(root, 'my-appointments.de.html'),
    '<!doctype html><title>Meine Termine · Vizita</title><script>alert(3)</script>',
  );
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
  // The installable app's files (ADR 0046), at the root where the build writes them.
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"Vizita"}');
  writeFileSync(join(root, 'offline.html'), '<!doctype html><title>Offline</title>');
  mkdirSync(join(root, 'icons'));
  writeFileSync(join(root, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await app.register(cookie);
  await app.register(spaPlugin, { webRoot: root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, accept?: string) =>
  app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });

describe('the single-page app', () => {
  it('is the answer to a page path, whatever a client accepts', async () => {
    for (const accept of [
      'text/html,application/xhtml+xml,*/*;q=0.8',
      '*/*',
      undefined,
      'text/*',
    ]) {
      const res = await get('/dashboard/billing?tab=1', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.body).toContain('<title>Vizita</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/', '*/*')).statusCode).toBe(200);
  });

  it('answers `/` with the prerendered welcome page to a browser without a session', async () => {
    const visitor = await get('/', 'text/html');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<title>Welcome · Vizita</title>');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    // The same address answers two pages by the session marker: a cache must not mix them.
    expect(visitor.headers.vary).toMatch(/Cookie/);
    expect(visitor.headers.vary).toMatch(/Accept-Encoding/);

    // Signed in, the app goes on to the dashboard; registering, it shows another form; and every
    // other page is the app's own: none of them may flash the welcome page first.
    const signedIn = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', cookie: `${SESSION_MARKER_COOKIE}=1` },
    });
    expect(signedIn.body).toContain('<title>Vizita</title>');
    for (const url of ['/?register=true', '/dashboard', '/validate-email?token=x'])
      expect((await get(url, 'text/html')).body, url).toContain('<title>Vizita</title>');
  });

  it('answers a prerendered patient’s page to a browser with a session, at its bare path', async () => {
    const withSession = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', cookie: `${SESSION_MARKER_COOKIE}=1` },
      });
    const page = await withSession('/dashboard/appointments');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>My Appointments · Vizita</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/Cookie/);
    expect(page.headers.vary).toMatch(/Accept-Encoding/);
    // Without a session the app sends the visitor to sign in: the shell, no patient's page first.
    const visitor = await get('/dashboard/appointments', 'text/html');
    expect(visitor.body).toContain('<title>Vizita</title>');
    expect(visitor.headers.vary).toMatch(/Cookie/);
    // A query string, or another page, may show another screen: the shell.
    for (const url of ['/dashboard/appointments?x=1', '/dashboard/appointments/1', '/dashboard'])
      expect((await withSession(url)).body, url).toContain('<title>Vizita</title>');
  });

  it('answers a prerendered page in the language of the browser’s language cookie', async () => {
    const page = (url: string, cookies: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: cookies } });
    expect((await page('/', `${LOCALE_COOKIE}=bg`)).body).toContain(
      '<title>Добре дошли · Vizita</title>',
    );
    const german = await page(
      '/dashboard/appointments',
      `${SESSION_MARKER_COOKIE}=1; ${LOCALE_COOKIE}=de`,
    );
    expect(german.body).toContain('<title>Meine Termine · Vizita</title>');
    expect(german.headers.vary).toMatch(/Cookie/);
    // A value that is none of our languages: the default language's page, as the app's.
    expect((await page('/', `${LOCALE_COOKIE}=fr`)).body).toContain(
      '<title>Welcome · Vizita</title>',
    );
    // A language the build has no such page in: the shell, which the app renders in it.
    expect((await page('/', `${LOCALE_COOKIE}=de`)).body).toContain('<title>Vizita</title>');
  });

  it('names the hash of each inline script of the build for the Content-Security-Policy', () => {
    // The SHA-256 a browser computes for `alert(1)` (CSP Level 2's hash-source); the other
    // languages' pages' scripts too (alert(4)), each hash once (alert(3) is in two pages).
    expect(inlineScriptSources(root)).toEqual([
      "'sha256-ed4iKJsqMRoMHD2vEjJGrhQmVTfTg9/p9qhiWq2/XZU='",
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-BuQw8dATNNwlJOPgIrHqTqxaMJsfbtuXJ9JdHoNzcC0='",
      "'sha256-5Is0iOrp0OIpy+NPSOQNiq9I+QVh17T4g50RMVURhI8='",
    ]);
    expect(inlineScriptSources(join(root, 'nowhere'))).toEqual([]);
  });

  it('is not the answer to a JSON client, a server path or a missing file', async () => {
    expect((await get('/dashboard', 'application/json')).statusCode).toBe(404);
    expect((await get('/api/nothing', '*/*')).statusCode).toBe(404);
    expect((await get('/auth/nothing', undefined)).statusCode).toBe(404);
    expect((await get('/assets/missing-9z.js', '*/*')).statusCode).toBe(404);
    expect((await get('/favicon.ico', undefined)).statusCode).toBe(404);
  });

  it('serves hashed assets for a year', async () => {
    const res = await get('/assets/app-1a2b.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  // A browser compares /sw.js byte for byte to find a new deployment: a cached copy would keep
  // the old version alive for as long as it was cached (ADR 0046). The manifest likewise names
  // the icons and colours of the installed app.
  it('serves the service worker, the manifest and the offline page revalidated every time', async () => {
    const cases = [
      ['/sw.js', /^(application|text)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
      ['/offline.html', /^text\/html/],
      ['/icons/icon-192.png', /^image\/png/],
    ] as const;
    for (const [url, type] of cases) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(type);
    }
    expect((await get('/sw.js')).body).toContain('addEventListener');
  });
});

describe('an answer written into a page (ADR 0056)', () => {
  it('is left out when it cannot be read: the page still comes, and the app asks the API', async () => {
    const failing = Fastify();
    await failing.register(cookie);
    await failing.register(spaPlugin, {
      webRoot: root,
      pageAnswers: {
        '/calendar': () => Promise.reject(new Error('the database is away')),
      },
    });
    const res = await failing.inject({
      method: 'GET',
      url: '/calendar',
      headers: { accept: 'text/html', cookie: `${SESSION_MARKER_COOKIE}=1` },
    });
    await failing.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Vizita</title>');
    expect(res.body).not.toContain('application/json');
  });
});
