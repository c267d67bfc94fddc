import { ensureDebianPrograms } from './ensure-debian-program.mjs';

/**
 * What the WebKit journey runs (e2e/support/webkit.ts): WebKitWebDriver, the MiniBrowser it
 * starts (libwebkit2gtk-4.1-0, which webkit2gtk-driver depends on) and a virtual X display.
 */
export const WEBKIT_PROGRAMS = [
  { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver' },
  { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', pkg: 'webkit2gtk-driver' },
  { path: '/usr/bin/Xvfb', pkg: 'xvfb' },
];

/** Makes sure Debian's WebKitGTK driver and Xvfb are there for the WebKit journey (issue #23). */
export function ensureWebKit({ env = process.env, log = console.log } = {}) {
  return ensureDebianPrograms(WEBKIT_PROGRAMS, { purpose: 'The WebKit journey', env, log });
}
