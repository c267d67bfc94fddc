// `npm run admin -- <command>`: the clinic operator's command line (apps/api/src/admin-cli.ts),
// installed and built first like `npm start`, so it works on a fresh clone too.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { StepFailure } from './lib/run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Progress goes to stderr so that command output (list-doctors) stays clean on stdout.
const log = (message) => console.error(`[admin] ${message}`);

try {
  await ensureInstall({ root, log });
  await buildIfStale({ root, log });
} catch (error) {
  if (!(error instanceof StepFailure)) throw error;
  console.error(`[admin] ${error.message}`);
  process.exit(1);
}

const result = spawnSync(process.execPath, ['apps/api/dist/admin.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
