import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, PAGE_ANSWERS, SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// The booking page comes with its doctors in its HTML (ADR 0056): exactly what GET /api/doctors
// answers in the app's language, for a browser that may hold a session.

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let webRoot: string;

const page = (cookies: Record<string, string>, url = '/calendar') =>
  t.app.inject({
    url,
    headers: {
      accept: 'text/html',
      // The page's language is the app's (its cookie), never the browser's.
      'accept-language': 'de',
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
  });

/** The data block of the page's answer: its language and its JSON (its whole text), parsed. */
function answerOf(body: string) {
  const id = PAGE_ANSWERS['/calendar'];
  const match = new RegExp(
    `<script type="application/json" id="${id}" data-locale="([a-z]+)">([[{][\\s\\S]*?[\\]}])</script>`,
  ).exec(body);
  return match ? { locale: match[1], json: JSON.parse(match[2]!) as unknown } : undefined;
}

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'vizita-page-answers-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    // As large as the built shell (~2.4 KB), whose head holds the early start's script.
    `<!doctype html><html><head><title>Vizita</title><meta name="description" content="${'x'.repeat(2000)}"></head><body><div id="root"></div></body></html>`,
  );
  t = await createTestApp({ clock, webRoot });
  await createAdminService(t.db, clock).createDoctor({
    email: `dr-${randomUUID()}@vizita.test`,
    password: 'Doctor-2026!',
    firstName: 'Maria',
    lastName: 'Ivanova',
    specialties: ['cardiology'],
    languages: ['bg', 'en'],
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    feeMinor: 6000,
    // Markup, and what String.replace would read as patterns ($& the match, $' what follows it).
    bios: {
      en: "Cardiologist </script><script>alert(1)</script> & more, $& $' $$.",
      bg: 'Кардиолог.',
    },
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });
  await t.app.availability.changed();
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the booking page', () => {
  it('carries GET /api/doctors’ answer in the app’s language, for a browser with a session', async () => {
    const res = await page({ [SESSION_MARKER_COOKIE]: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    const api = await t.app.inject({ url: '/api/doctors', headers: { 'accept-language': 'en' } });
    const answer = answerOf(res.body);
    expect(answer).toEqual({ locale: 'en', json: api.json() });
    expect(JSON.stringify(answer?.json)).toContain('Maria Ivanova');
    // The rest of the page is the app's shell, as it was.
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('leaves compressed, as every page does', async () => {
    const res = await t.app.inject({
      url: '/calendar',
      headers: {
        accept: 'text/html',
        'accept-encoding': 'br, gzip',
        cookie: `${SESSION_MARKER_COOKIE}=1`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('writes it in the language the app shows, as its cookie says', async () => {
    const res = await page({ [SESSION_MARKER_COOKIE]: '1', [LOCALE_COOKIE]: 'bg' });
    const api = await t.app.inject({ url: '/api/doctors', headers: { 'accept-language': 'bg' } });
    expect(answerOf(res.body)).toEqual({ locale: 'bg', json: api.json() });
    expect(JSON.stringify(answerOf(res.body)?.json)).toContain('Кардиолог.');
    // A cookie naming no language of ours is the default's.
    const odd = await page({ [SESSION_MARKER_COOKIE]: '1', [LOCALE_COOKIE]: '"><script>' });
    expect(answerOf(odd.body)?.locale).toBe('en');
  });

  it('keeps what doctors typed as text: a bio cannot end the block', async () => {
    const res = await page({ [SESSION_MARKER_COOKIE]: '1' });
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toContain(
      "Cardiologist \\u003c/script>\\u003cscript>alert(1)\\u003c/script> & more, $& $' $$.",
    );
    expect(JSON.stringify(answerOf(res.body)?.json)).toContain(
      "Cardiologist </script><script>alert(1)</script> & more, $& $' $$.",
    );
  });

  it('carries nothing for a visitor, whom the app sends to sign in', async () => {
    const res = await page({});
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('application/json');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it('carries it whatever the query string: the list is the same', async () => {
    const res = await page({ [SESSION_MARKER_COOKIE]: '1' }, '/calendar?doctor=maria-ivanova');
    expect(answerOf(res.body)?.locale).toBe('en');
  });

  it('is on no other page', async () => {
    for (const url of ['/dashboard', '/calendar/x', '/dashboard/billing']) {
      const res = await page({ [SESSION_MARKER_COOKIE]: '1' }, url);
      expect(res.body, url).not.toContain('application/json');
    }
  });
});
