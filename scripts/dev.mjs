// `npm run dev`: the API with hot reload on :3001 and Vite's dev server on :3000, which proxies
// the API paths to it. Both outputs in one terminal, prefixed; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './lib/ensure-install.mjs';
import { forwardSignals, signalGroup } from './lib/forward-signals.mjs';
import { prefixLines } from './lib/prefix-lines.mjs';
import { StepFailure } from './lib/run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const API_PORT = '3001';
const WEB_PORT = '3000';

try {
  await ensureInstall({ root, log: (message) => console.log(`[dev] ${message}`) });
} catch (error) {
  if (!(error instanceof StepFailure)) throw error;
  console.error(`[dev] ${error.message}`);
  process.exit(1);
}

const services = [
  {
    name: 'api',
    args: ['run', 'dev', '-w', 'apps/api'],
    // The browser talks to Vite on :3000, so e-mail links must point there, not at the API.
    env: { PORT: API_PORT, APP_URL: process.env.APP_URL ?? `http://localhost:${WEB_PORT}` },
  },
  {
    name: 'web',
    // --strictPort: on a busy :3000 fail loudly rather than move to a port nobody is looking at.
    args: ['run', 'dev', '-w', 'apps/web', '--', '--port', WEB_PORT, '--strictPort'],
    env: { PORT: WEB_PORT, API_PORT },
  },
];

let exitCode = 0;
let stopping = false;
const running = new Set();

function stopAll(signal) {
  stopping = true;
  for (const child of running) signalGroup(child, signal);
}

for (const service of services) {
  // Each in its own process group so that stopping it also stops what npm and tsx start below it.
  const child = spawn('npm', service.args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  prefixLines(child.stdout, `[${service.name}]`);
  prefixLines(child.stderr, `[${service.name}]`, process.stderr);
  child.once('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      // One half without the other is no use: stop the rest and report what happened.
      console.error(
        `[dev] ${service.name} exited (${signal ?? `code ${code}`}); stopping the others.`,
      );
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

forwardSignals((signal) => stopAll(signal));
