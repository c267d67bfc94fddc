import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, firefox, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Flags without which Debian's Chromium hangs or floods a closed network with look-ups
 * (the machine notes: background networking, component updates and sync all phone home).
 * --no-sandbox: the tests run as root in CI, where Chromium's sandbox refuses to start.
 * --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup: Chromium 156 builds its address
 * bar's two suggestion popups as web pages and loads them as each window opens: some 400
 * chrome:// requests and a renderer of their own running script beside the page under test, on a
 * two-core machine. A headless browser has no address bar to show them in, and a phone's browser
 * has no such popup (ADR 0059).
 */
export const HEADLESS_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

const CHROMIUM_ARGS = [
  // A camera and a microphone for the video calls: a test pattern and a beep, allowed at once.
  // Together the two also answer getDisplayMedia (screen sharing) at once, without a picker, with
  // a fake 1280×720 "monitor" (seen in Debian's Chromium 156, headless). Neither alone does:
  // without the fake device the capture fails (NotReadableError: headless has no screen), and
  // --auto-select-desktop-capture-source / --auto-accept-this-tab-capture leave it pending.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  ...HEADLESS_CHROMIUM_ARGS,
];

/**
 * Chromium with a profile on disk, as a person's is: a context of `newContext` is off the record
 * (incognito), where Chromium installs no app and says so ("in-incognito"). `close` ends this
 * browser and deletes its profile.
 */
export async function launchPersistentPage(
  baseURL: string,
): Promise<{ page: Page; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'vizita-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    // Chromium may still be writing its profile as it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { page, close };
}

/**
 * Firefox's fake camera and microphone (a test pattern and a tone), granted without a prompt: what
 * Chromium's two flags above do.
 */
const FIREFOX_PREFS = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
};

/** The engines Playwright drives here; WebKitGTK speaks only WebDriver (e2e/support/webkit.ts). */
export type Engine = 'chromium' | 'firefox';

/**
 * Headless Debian Chromium or Firefox ESR (npm test installs both). Firefox is driven over
 * WebDriver BiDi (the `moz-firefox` channel), not Playwright's patched Firefox, which cannot be
 * downloaded here (ADR 0046). Playwright gives every launch a new empty profile of its own, so no
 * state leaks between runs.
 */
export function launchBrowser(engine: Engine = 'chromium'): Promise<Browser> {
  if (engine === 'firefox') {
    return firefox.launch({
      channel: 'moz-firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      firefoxUserPrefs: FIREFOX_PREFS,
    });
  }
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export type TestPage = {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen in the page, for failure reports. */
  problems: string[];
  /**
   * Each document the tab loaded, with when: a reload that a journey did not ask for (a page
   * back at its start) shows here in a failure report.
   */
  loads: string[];
};

/**
 * A fresh context (cookies, storage) per test, in US English as the spec's dates assume, and —
 * unless a journey moves the person elsewhere — in Sofia, where the demo doctors work, so times
 * read as the doctors' slots (ADR 0019: another zone shows the person's own time).
 */
export type PageOptions = {
  timezoneId?: string;
  /** The browser's language: its Accept-Language and `navigator.language`. */
  locale?: string;
  /**
   * For an https origin with a self-signed certificate (the scale-out test's nginx): the page is
   * still a secure context, so camera, microphone and WebRTC work.
   */
  ignoreHTTPSErrors?: boolean;
};

export async function openPage(
  browser: Browser,
  baseURL: string,
  { timezoneId = 'Europe/Sofia', ignoreHTTPSErrors = false, locale = 'en-US' }: PageOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    ignoreHTTPSErrors,
    locale,
    timezoneId,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  const opened = Date.now();
  const loads: string[] = [];
  page.on('load', () => {
    const seconds = ((Date.now() - opened) / 1000).toFixed(1);
    loads.push(`${new URL(page.url()).pathname} at ${seconds} s`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // What the server refused and the sockets that ended: a page that waits for something that
  // never comes (a call that does not connect) usually shows neither on screen.
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && pathname.startsWith('/api/'))
      problems.push(`answer: ${response.status()} ${response.request().method()} ${pathname}`);
  });
  page.on('websocket', (socket) => {
    const { pathname } = new URL(socket.url());
    socket.on('socketerror', (error) => problems.push(`socket error: ${pathname}: ${error}`));
    socket.on('close', () => problems.push(`socket closed: ${pathname}`));
  });
  return { context, page, problems, loads };
}
