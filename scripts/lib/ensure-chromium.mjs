import { existsSync } from 'node:fs';
import { ensureDebianPrograms } from './ensure-debian-program.mjs';
import { StepFailure } from './run-command.mjs';

/** Debian's package installs here; playwright-core drives it (e2e/support/browser.ts). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Makes sure there is a Chromium for the browser journeys. Playwright's own browser download
 * is not an option (no internet besides npm and Debian), so we use Debian's package, installing
 * it when we are root and explaining what to run otherwise. Returns the executable's path.
 */
export async function ensureChromium({ env = process.env, log = console.log } = {}) {
  const custom = env.CHROMIUM_PATH;
  if (custom) {
    if (existsSync(custom)) return custom;
    // Installing Debian's package would not create a custom path, so say what is wrong instead.
    throw new StepFailure(`CHROMIUM_PATH is set to ${custom}, but there is no file there.`);
  }
  if (existsSync(DEFAULT_CHROMIUM_PATH)) return DEFAULT_CHROMIUM_PATH;

  await ensureDebianPrograms([{ path: DEFAULT_CHROMIUM_PATH, pkg: 'chromium' }], {
    purpose: 'The browser tests',
    hint: ', or set CHROMIUM_PATH to a Chromium or Chrome executable',
    env,
    log,
  });
  return DEFAULT_CHROMIUM_PATH;
}
