import { existsSync } from 'node:fs';
import { runOrFail, StepFailure } from './run-command.mjs';

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

  if (process.getuid?.() !== 0) {
    throw new StepFailure(
      `Chromium is needed for the browser tests and ${DEFAULT_CHROMIUM_PATH} is missing. ` +
        'On Debian/Ubuntu run `sudo apt-get install chromium`, or set CHROMIUM_PATH to a ' +
        'Chromium or Chrome executable, then run npm test again.',
    );
  }

  log(`Installing Debian's chromium package (${DEFAULT_CHROMIUM_PATH} is missing).`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  // Other processes on a shared machine may hold the dpkg lock for a while; wait instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  await runOrFail('apt-get update', 'apt-get', [...lockWait, 'update'], { env: aptEnv });
  await runOrFail(
    'Installing chromium',
    'apt-get',
    [...lockWait, 'install', '-y', '--no-install-recommends', 'chromium'],
    { env: aptEnv },
  );
  if (!existsSync(DEFAULT_CHROMIUM_PATH)) {
    throw new StepFailure(
      `apt-get installed chromium, but ${DEFAULT_CHROMIUM_PATH} is still missing.`,
    );
  }
  return DEFAULT_CHROMIUM_PATH;
}
