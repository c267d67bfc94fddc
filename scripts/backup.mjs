// `npm run backup` and `npm run restore`: the database's backup and restore
// (apps/api/src/backup-cli.ts), installed and built first like `npm start`, so that a restore
// works on a fresh clone too — the first step of recovering on a new machine.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { StepFailure } from './lib/run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Progress goes to stderr, so that stdout carries only the command's result.
const log = (message) => console.error(`[backup] ${message}`);

try {
  await ensureInstall({ root, log });
  await buildIfStale({ root, log });
} catch (error) {
  if (!(error instanceof StepFailure)) throw error;
  console.error(`[backup] ${error.message}`);
  process.exit(1);
}

// process.argv: node, this script, then `backup` or `restore` (package.json) and the user's words.
const result = spawnSync(process.execPath, ['apps/api/dist/backup.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
