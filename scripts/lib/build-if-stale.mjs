import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runOrFail } from './run-command.mjs';

// What `npm run build` reads and what it writes. A build costs tens of seconds, a walk over
// the sources a few milliseconds, so `npm start` rebuilds only when something changed.
const INPUTS = ['package-lock.json', 'packages/shared', 'apps/api', 'apps/web'];
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/api/dist/main.js',
  'apps/api/dist/admin.js',
  'apps/api/dist/backup.js',
];
// Outputs, caches and run-time data live beside the sources but are not inputs.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', '.git']);

/** The most recently modified file under `path` (a file or a directory), if any. */
function newestFile(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  // Only files count: a directory's own time also moves when a build writes dist/ into it.
  let newest;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const candidate = newestFile(join(path, entry.name));
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

/** Why a build is needed, or undefined when every output is newer than every input. */
export function buildReason(root) {
  let oldestOutput = Infinity;
  for (const output of OUTPUTS) {
    const file = newestFile(join(root, output));
    if (!file) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, file.mtimeMs);
  }
  for (const input of INPUTS) {
    const file = newestFile(join(root, input));
    if (file && file.mtimeMs > oldestOutput) {
      return `${relative(root, file.path)} changed since the last build`;
    }
  }
  return undefined;
}

/**
 * Runs `npm run build` (web, then api) when the outputs are missing or older than the sources.
 * @param {{ root: string, env?: NodeJS.ProcessEnv, log?: (message: string) => void }} options
 * @returns {Promise<void>}
 */
export async function buildIfStale({ root, env = process.env, log = console.log }) {
  const reason = buildReason(root);
  if (!reason) {
    log('The build is up to date.');
    return;
  }
  log(`Building (${reason}): npm run build`);
  await runOrFail('The build', 'npm', ['run', 'build'], { cwd: root, env });
}
