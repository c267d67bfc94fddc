// `npm start`: install if needed, build if needed, then run the server in the foreground.
// Node built-ins only, because on a fresh machine node_modules does not exist yet.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { forwardSignals, signalGroup } from './lib/forward-signals.mjs';
import { exitCodeForSignal, StepFailure } from './lib/run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const log = (message) => console.log(`[start] ${message}`);

try {
  await ensureInstall({ root, log });
  await buildIfStale({ root, log });
} catch (error) {
  if (!(error instanceof StepFailure)) throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}

log(`Starting the server: node apps/api/dist/main.js (Node ${process.version})`);
// Its own process group, so that a Ctrl-C reaches it once, through us (see forward-signals.mjs).
const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
forwardSignals((signal) => signalGroup(server, signal));
server.once('error', (error) => {
  console.error(`[start] Could not start the server: ${error.message}`);
  process.exit(1);
});
server.once('exit', (code, signal) => process.exit(code ?? exitCodeForSignal(signal)));
