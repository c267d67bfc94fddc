import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchPersistentPage } from './support/browser.ts';
import { freePort } from './support/free-port.ts';
import { setUpJourney } from './support/journey.ts';
import { signedInPatient } from './support/patients.ts';
import { startApp } from './support/start-app.ts';
import { button, htmlLang, shown, switchLanguage, text } from './support/ui.ts';

// Issue #23 part 3 in real Chromium against the built server: the app is installable as
// Chromium judges it, its service worker keeps nothing about a person in a cache, tells her
// honestly when she is offline, and carries an open page over to a new deployment by itself
// (ADR 0046).

const journey = setUpJourney();
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/** The build an index.html says it is (`<meta name="vizita-build">`). */
const buildIn = (html: string) => /<meta name="vizita-build" content="([^"]+)"/.exec(html)?.[1];
const buildOfPage = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="vizita-build"]')?.getAttribute('content'));

/** Waits until a service worker controls the page, and answers its cache names. */
async function controlled(page: Page): Promise<string[]> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
      timeout: 30_000,
    })
    .toBe('activated');
  return page.evaluate(() => caches.keys());
}

/** The build of the worker in charge of the page, as it says itself. */
const buildOfWorker = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller?.postMessage('build', [channel.port2]);
      }),
  );

type WorkerVersion = { versionId: string; status: string; runningStatus: string };

/**
 * The service worker versions of `page`'s browser as DevTools reports them, in order, from now on;
 * and a way to stop one, as the browser stops an idle worker.
 */
async function workerVersions(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const history: WorkerVersion[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
    for (const { versionId, status, runningStatus } of versions)
      history.push({ versionId, status, runningStatus });
  });
  await cdp.send('ServiceWorker.enable');
  return {
    history,
    stop: (versionId: string) => cdp.send('ServiceWorker.stopWorker', { versionId }),
  };
}

/**
 * Chromium's stall of a new worker that called skipWaiting() (ServiceWorkerRegistration::
 * ActivateWaitingVersionWhenReady): it activates once the old worker has no work. When the new
 * one installs while the old one is busy, Chromium asks the old one to stop once idle; a request
 * of the page that starts it again just then clears that ask, and nothing asks again. A browser
 * then stops the old worker after its idle timeout (about 30 s) and the new one activates — but
 * under DevTools, which Playwright attaches, an idle worker is never stopped. Recognised by its
 * signature only: after the new version installed, the old one stopped (so it was idle) and
 * started again. The id of that old version, else null.
 */
function stalledBehind(history: WorkerVersion[]): string | null {
  const installed = history.findIndex((v) => v.status === 'installed');
  if (installed === -1) return null;
  const newId = history[installed]!.versionId;
  const after = history.slice(installed).filter((v) => v.versionId !== newId);
  const stopped = after.findIndex((v) => v.runningStatus === 'stopped');
  const restarted =
    stopped !== -1 &&
    after
      .slice(stopped)
      .some((v) => v.runningStatus === 'starting' || v.runningStatus === 'running');
  const stillWaiting = history.findLast((v) => v.versionId === newId)?.status === 'installed';
  return restarted && stillWaiting ? after[stopped]!.versionId : null;
}

/** Every request the page's origin keeps in any cache, with the text of its answer. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const cache of await caches.keys()) {
      const store = await caches.open(cache);
      for (const request of await store.keys()) {
        const body = await (await store.match(request))!.text();
        entries.push({ cache, url: request.url, body });
      }
    }
    return entries;
  });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

/**
 * A copy of the build that differs as the next deployment's would: another build id in
 * index.html and /sw.js. Their compressed copies go, so the server sends the changed files.
 */
function nextDeployment(): { dir: string; build: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vizita-next-build-'));
  cpSync(WEB_DIST, dir, { recursive: true });
  const current = buildIn(readFileSync(join(dir, 'index.html'), 'utf8'));
  if (!current) throw new Error('The build has no <meta name="vizita-build">');
  const build = createHash('sha256').update(`${current} next`).digest('hex').slice(0, 16);
  for (const file of ['index.html', 'sw.js']) {
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    expect(source, file).toContain(current);
    writeFileSync(path, source.replaceAll(current, build));
    rmSync(`${path}.br`, { force: true });
    rmSync(`${path}.gz`, { force: true });
  }
  return { dir, build };
}

/** The manifest, its icons and Chromium's verdict, checked from `page`. */
async function installable(page: Page, appUrl: string): Promise<void> {
  await page.goto('/');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
    '/manifest.webmanifest',
  );
  const res = await fetch(`${appUrl}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const manifest = (await res.json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Vizita',
    short_name: 'Vizita',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  expect(manifest.description).toEqual(expect.any(String));
  // The same colour as the page's own, or the installed window's bar changes colour on load.
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
    manifest.theme_color,
  );

  // Each icon is a PNG of the size it claims: 192 and 512 for any use, 512 maskable.
  const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
  expect(icons).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const { src, sizes } of [...manifest.icons, { src: appleTouch!, sizes: '180x180' }]) {
    const icon = await fetch(new URL(src, appUrl));
    expect(icon.headers.get('content-type'), src).toBe('image/png');
    expect(pngSize(new Uint8Array(await icon.arrayBuffer())), src).toBe(sizes);
  }

  // Chromium's own judgement, which its install prompt follows (Lighthouse 12 no longer has a
  // PWA category): the manifest parses without complaint and nothing stands in the way.
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.url).toBe(`${appUrl}/manifest.webmanifest`);
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

describe('the installable app', () => {
  it('has the manifest and icons the platforms ask for, and Chromium finds it installable', async () => {
    // A browser with a profile of its own: Chromium installs nothing from an incognito window.
    const { page, close } = await launchPersistentPage(journey.app.url);
    try {
      await installable(page, journey.app.url);
    } finally {
      await close();
    }
  });

  it('keeps nothing about her in a cache, and says honestly in her language when she is offline', async () => {
    const { page, app, sink } = journey;
    const context = page.context();
    const patient = await signedInPatient(page, app, sink, 'Stanka');
    const shellCaches = await controlled(page);
    expect(shellCaches).toHaveLength(1);

    // Screens that read her appointments and her profile through the API.
    await page.goto('/dashboard/appointments');
    await shown(page.getByRole('heading', { name: 'My Appointments', level: 1 }));
    await page.goto('/dashboard/profile');
    await shown(page.getByRole('heading', { name: 'My Profile' }));
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Vitosha 1/);
    await switchLanguage(page, 'bg');

    const entries = await cachedEntries(page);
    const paths = entries.map((entry) => new URL(entry.url).pathname);
    // The shell is there (else this test would prove nothing about what is kept) …
    expect(paths).toContain('/offline.html');
    expect(paths.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
    for (const { url, body } of entries) {
      const { pathname, origin } = new URL(url);
      expect(origin).toBe(app.url);
      // … and nothing else: no API answer, no session, no receipt, no checkout …
      expect(pathname).not.toMatch(/^\/(api|auth|receipts|checkout|healthz|readyz|metrics|dev)\b/);
      expect(pathname).toMatch(/^\/(assets\/[\w.-]+|offline\.(html|js)|favicon\.svg)$/);
      // … nor anything that mentions her.
      for (const secret of [patient.email, 'Stanka', '8506014447'])
        expect(body.includes(secret), `${pathname} holds ${secret}`).toBe(false);
    }

    // No network: the page she asks for is the honest offline page, in the language she chose.
    await context.setOffline(true);
    await page.goto('/dashboard/appointments');
    await shown(page.getByRole('heading', { name: 'Нямате връзка с интернет.', level: 1 }));
    await shown(text(page, 'Прегледите ви изискват връзка.'));
    expect(await htmlLang(page)).toBe('bg');
    expect(new URL(page.url()).pathname).toBe('/dashboard/appointments');
    await expectAccessible(page, 'offline page (bg)');

    // "Try again" asks again: still offline, so the offline page again, loaded anew.
    await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
    await Promise.all([page.waitForEvent('load'), button(page, 'Опитайте отново').click()]);
    await shown(page.getByRole('heading', { name: 'Нямате връзка с интернет.' }));
    expect(await page.evaluate(() => 'beforeRetry' in window)).toBe(false);

    // Back online, the page comes back by itself: her appointments, still signed in.
    await context.setOffline(false);
    await shown(page.getByRole('heading', { name: 'Моите прегледи', level: 1 }), 30_000);
  });

  it('moves an open page to a new deployment at its next navigation, without her clearing anything', async () => {
    // A server of its own on a port of its own: a new deployment is a restart at the same
    // address, and the other tests' server keeps running. Same database and secrets.
    const port = await freePort();
    const next = nextDeployment();
    const deployment = { sameDeploymentAs: journey.app, smtpUrl: journey.sink.url, port };
    let server = await startApp(deployment);
    const { page } = await journey.openTab({ url: server.url });
    try {
      await signedInPatient(page, server, journey.sink, 'Vesela');
      const first = buildIn(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'));
      expect(await buildOfPage(page)).toBe(first);
      expect(await controlled(page)).toEqual([`vizita-shell-${first}`]);
      expect(await buildOfWorker(page)).toBe(first);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      const versions = await workerVersions(page);
      await server.stop();
      server = await startApp({ ...deployment, webRoot: next.dir });

      // Her next click looks for a new version: the new worker installs, takes over and clears
      // the old build's cache — while the page she is on stays as it is (no reload under her).
      const menu = page.getByRole('navigation', { name: 'Main navigation' });
      await menu.getByRole('link', { name: 'Profile' }).click();
      await shown(page.getByRole('heading', { name: 'My Profile', level: 1 }));
      const onlyTheNewCache = () =>
        expect
          .poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 })
          .toEqual([`vizita-shell-${next.build}`]);
      const tookOver = await onlyTheNewCache().then(
        () => true,
        () => false,
      );
      if (!tookOver) {
        // Only Chromium's stall under DevTools, by its signature, is excused: the test then stops
        // the idle old worker as the browser would, and the new one must take over. Any other
        // wait (a worker of ours that never lets an event end) fails here.
        const old = stalledBehind(versions.history);
        expect(old, `the new worker waits: ${JSON.stringify(versions.history)}`).not.toBeNull();
        console.log(`Chromium's stall under DevTools: the old worker ${old} stopped as when idle.`);
        await versions.stop(old!);
        await onlyTheNewCache();
      }
      expect(await buildOfWorker(page)).toBe(next.build);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(await buildOfPage(page)).toBe(first);

      // The click after that loads the new version where she was going, still signed in.
      await menu.getByRole('link', { name: 'Messages' }).click();
      await expect.poll(() => buildOfPage(page), { timeout: 30_000 }).toBe(next.build);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/dashboard/messages');
      expect(await buildOfWorker(page)).toBe(next.build);
      await shown(page.getByRole('heading', { name: 'Messages', level: 1 }));
    } finally {
      await server.stop();
      rmSync(next.dir, { recursive: true, force: true });
    }
  });
});
