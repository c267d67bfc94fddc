// Production defaults (issue #13, ADR 0029): the page for any client that takes HTML, the web
// build's precompressed files, JSON compressed above a size but never the device check's
// sample, and request and mail log lines without the credentials of mailed links.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, signUp, type TestApp } from './test-app.ts';

const PRECOMPRESS = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));
// Large enough that brotli and gzip copies are worth writing, as for the real build.
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- the page -->'.repeat(100)}</body></html>`;
const APP_JS = `export const answer = ${JSON.stringify('x'.repeat(40))};\n`.repeat(200);
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  // A built SPA as `npm run build -w apps/web` leaves it, precompressed by the same script.
  webRoot = mkdtempSync(join(tmpdir(), 'vizita-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
  execFileSync(process.execPath, [PRECOMPRESS, webRoot], { stdio: 'ignore' });
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding'];
  const body = res.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the page', () => {
  it('is served for any GET of a page path by a client that takes HTML, curl included', async () => {
    const accepts: (string | undefined)[] = [BROWSER_ACCEPT, 'text/html', '*/*', undefined];
    for (const url of ['/', '/dashboard/billing', '/reset-password?token=abc', '/guest/left'])
      for (const accept of accepts) {
        const res = await get(url, accept === undefined ? {} : { accept });
        expect(res.statusCode, `${url} with ${accept}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decoded(res)).toBe(INDEX_HTML);
      }
  });

  it('is not an answer for the server’s paths, missing files or other methods', async () => {
    for (const url of [
      '/api/nothing-here',
      '/api',
      '/auth/nothing-here',
      '/ws/nothing-here',
      '/assets/missing-abc.js',
      '/assets/no-extension',
      '/logo.png',
      '/checkout',
      '/metrics/x',
    ]) {
      const res = await get(url, { accept: '*/*' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'notFound' });
    }
    // A client that asks for JSON only, and a POST, get the JSON 404 too.
    expect((await get('/dashboard', { accept: 'application/json' })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { accept: '*/*' },
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('sends the build’s brotli or gzip copy by Accept-Encoding, varying on it', async () => {
    for (const [acceptEncoding, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      for (const [url, body, type] of [
        ['/assets/app-abc123.js', APP_JS, 'javascript'],
        ['/', INDEX_HTML, 'text/html'],
      ] as const) {
        const res = await get(url, { accept: BROWSER_ACCEPT, 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], `${url} with "${acceptEncoding}"`).toBe(sent);
        expect(res.headers['content-type']).toContain(type);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res)).toBe(body);
        if (sent) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 4);
      }
    }
    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses JSON above 1 KB and leaves smaller answers plain', async () => {
    const big = await get('/docs/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(decoded(big)) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(
      Buffer.byteLength((await get('/docs/openapi.json')).body) / 3,
    );
    const gzip = await get('/docs/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const small = await get('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('never compresses the device check’s download sample (no-transform)', async () => {
    const patient = await signUp(t);
    const res = await get('/api/meetings/connection-check/download?bytes=200000', {
      authorization: `Bearer ${patient.accessToken}`,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-transform');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toHaveLength(200_000);
  });
});

describe('logs', () => {
  it('redact the credentials in request URLs', async () => {
    await get('/validate-email?token=abc', { accept: BROWSER_ACCEPT });
    await get('/api/invoices/x?sig=abc&exp=1');
    await get('/reset-password?token=live-reset-token');
    const all = t.logs.join('\n');
    expect(all).toContain('"url":"/validate-email?token=[redacted]"');
    expect(all).toContain('"url":"/api/invoices/x?sig=[redacted]&exp=1"');
    expect(all).toContain('"url":"/reset-password?token=[redacted]"');
    expect(all).not.toMatch(/token=abc|sig=abc|live-reset-token/);
  });

  it('say only that a mail to a domain went to the outbox, never its links or address', async () => {
    const patient = await signUp(t);
    const token = await t.tokenFromMail(patient.email, '/validate-email');
    const all = t.logs.join('\n');
    expect(all).toContain(
      'mail to …@example.bg written to the outbox (read it at http://vizita.test/dev/mail)',
    );
    expect(all).not.toContain(token);
    expect(all).not.toContain(patient.email);
    expect(all).not.toMatch(/validate-email\?token=(?!\[redacted\])/);
  });

  it('point production’s outbox to its table, without the viewer', async () => {
    const prod = await createTestApp({ env: PRODUCTION_ENV });
    try {
      const patient = await signUp(prod);
      const token = await prod.tokenFromMail(patient.email, '/validate-email');
      const all = prod.logs.join('\n');
      expect(all).toContain('mail to …@example.bg written to the outbox (table mail_outbox)');
      expect(all).not.toContain(token);
      expect(all).not.toContain('/dev/mail');
    } finally {
      await prod.close();
    }
  });
});
