import { ensureDebianPrograms } from './ensure-debian-program.mjs';

/**
 * The engines besides Chromium that the journeys run in (issue #23): Debian's Firefox ESR, which
 * Playwright drives over WebDriver BiDi (e2e/support/browser.ts), and WebKitGTK — WebKitWebDriver,
 * the MiniBrowser it starts (libwebkit2gtk-4.1-0, which webkit2gtk-driver depends on) and a
 * virtual X display for it (e2e/support/webkit.ts).
 */
export const OTHER_ENGINES = [
  { path: '/usr/bin/firefox-esr', pkg: 'firefox-esr' },
  { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver' },
  { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', pkg: 'webkit2gtk-driver' },
  { path: '/usr/bin/Xvfb', pkg: 'xvfb' },
];

/** Makes sure Firefox ESR and WebKitGTK's driver are there, in one apt-get when something is missing. */
export function ensureOtherEngines({ env = process.env, log = console.log } = {}) {
  return ensureDebianPrograms(OTHER_ENGINES, {
    purpose: 'The Firefox and WebKit journeys',
    env,
    log,
  });
}
