// `npm run check:node24`, and a step of `npm test`: Vizita on Node 24, the current LTS, whichever
// Node runs this script. The rest of `npm test` runs on the machine's Node (20.19+ or 22); this
// takes a Node 24 from the npm registry (lib/node24.mjs) and, with it,
//   1. loads the one native module the server needs (@node-rs/argon2: hashes and verifies),
//   2. runs `npm start` as a user would — install and build if needed, embedded PostgreSQL in a
//      fresh DATA_DIR — until GET /readyz answers 200, then stops it with Ctrl-C's signal and
//      checks that PostgreSQL stopped too,
//   3. runs the API test project (Vitest, real PostgreSQL).
// Where Node 24 cannot be downloaded (no registry, no network, no build for this machine) it says
// `Node 24 check skipped: <why>` and succeeds: it cannot judge, so it neither passes nor fails.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE24_MAJOR, obtainNode24 } from './lib/node24.mjs';
import { runOrFail, StepFailure } from './lib/run-command.mjs';
import { readVitestCounts } from './lib/vitest-summary.mjs';

// A first start runs initdb and the migrations, and builds when the build is stale: minutes on a
// busy two-core machine.
const READY_TIMEOUT_MS = 5 * 60_000;
// The server's own limit for a graceful stop is 10 s (apps/api/src/main.ts); PostgreSQL's is more.
const STOP_TIMEOUT_MS = 60_000;
const LOG_LINES_KEPT = 400;
// Set by the caller's shell, these would point the server somewhere other than its fresh folder.
const OWNED_VARIABLES = ['PORT', 'HOST', 'APP_URL', 'DATABASE_URL', 'DATA_DIR', 'NODE_ENV'];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The environment with Node 24 first on PATH, so that `npm` and every `node` below run on it. */
function withNode24(env, node) {
  return { ...env, PATH: [dirname(node), env.PATH].filter(Boolean).join(delimiter) };
}

/** Loads @node-rs/argon2 (N-API, a prebuilt binary per platform) and hashes with it. */
async function checkNativeModules({ root, env, node, log }) {
  const probe = [
    "import { hash, verify } from '@node-rs/argon2';",
    "const hashed = await hash('Node 24 probe');",
    "if (!(await verify(hashed, 'Node 24 probe'))) throw new Error('verify failed');",
  ].join('\n');
  await runOrFail(
    `Loading @node-rs/argon2 on Node ${NODE24_MAJOR}`,
    node,
    ['--input-type=module', '--eval', probe],
    { cwd: join(root, 'apps/api'), env },
  );
  log('@node-rs/argon2 loads, hashes and verifies.');
}

/** The machine's processes as `{ pid, ppid, zombie }` (ps works on Linux and macOS). */
function processTable() {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,stat='], (error, stdout) => {
      if (error) return resolve([]);
      const rows = stdout.trim().split('\n');
      resolve(
        rows.map((row) => {
          const [pid, ppid, stat = ''] = row.trim().split(/\s+/);
          return { pid: Number(pid), ppid: Number(ppid), zombie: stat.startsWith('Z') };
        }),
      );
    });
  });
}

/** `pid` and every process below it. */
async function processTree(pid) {
  const table = await processTable();
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const row of table) if (row.ppid === tree[i]) tree.push(row.pid);
  }
  return tree;
}

/** Which of `pids` still run (an exited process that nobody has reaped yet does not count). */
async function stillRunning(pids) {
  const running = new Set(
    (await processTable()).filter((row) => !row.zombie).map((row) => row.pid),
  );
  return pids.filter((pid) => running.has(pid));
}

/**
 * Sends SIGINT to the process group led by `leader` — Ctrl-C in a terminal — and waits until every
 * process of its tree has exited: npm, scripts/start.mjs, the server in its own group and the
 * PostgreSQL it started. Answers false when they had to be killed after STOP_TIMEOUT_MS.
 */
async function interruptAndWait(leader) {
  // The tree as it is now: once npm exits, its descendants are no longer reachable from it.
  const tree = await processTree(leader.pid);
  try {
    process.kill(-leader.pid, 'SIGINT');
  } catch {
    // The group has already exited.
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  for (;;) {
    const running = await stillRunning(tree);
    if (running.length === 0) return true;
    if (Date.now() > deadline) {
      // Nothing of it may outlive the check, PostgreSQL included.
      for (const pid of running) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * `npm start` on Node 24 with a fresh DATA_DIR and a free port until /readyz answers 200; then
 * SIGINT to its process group, as Ctrl-C in a terminal would send, and a check that the server and
 * its PostgreSQL are gone.
 */
async function checkStart({ root, env, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vizita-node24-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env };
  for (const name of OWNED_VARIABLES) delete serverEnv[name];
  Object.assign(serverEnv, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });

  const started = Date.now();
  // Its own process group, like a terminal's foreground job, so that one signal reaches npm and
  // scripts/start.mjs together; start.mjs passes it on to the server (lib/forward-signals.mjs).
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines = [];
  const keep = (chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
  };
  npm.stdout.on('data', keep);
  npm.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    npm.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  const output = () => `Its output:\n${lines.join('\n')}`;

  let stopped;
  const stop = () => (stopped ??= interruptAndWait(npm));

  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let lastProblem = 'no answer yet';
    for (;;) {
      if (npm.exitCode !== null || npm.signalCode !== null) {
        throw new StepFailure(
          `npm start on Node ${NODE24_MAJOR} exited (${await exited}) before /readyz answered. ${output()}`,
        );
      }
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) break;
        lastProblem = `/readyz answered ${response.status}`;
      } catch (error) {
        lastProblem = String(error.cause ?? error);
      }
      if (Date.now() > deadline) {
        throw new StepFailure(
          `npm start on Node ${NODE24_MAJOR} was not ready after ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). ${output()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // scripts/start.mjs names the Node it starts the server with: it must be this one.
    const startLine = lines.find((line) => line.startsWith('[start] Starting the server'));
    if (!startLine?.includes(`(Node v${NODE24_MAJOR}.`)) {
      throw new StepFailure(
        `npm start did not run the server on Node ${NODE24_MAJOR} (${startLine ?? 'no start line'}). ${output()}`,
      );
    }
    log(`npm start: ${url}/readyz answered 200 after ${seconds(started)}.`);

    const stopStarted = Date.now();
    if (!(await stop())) {
      throw new StepFailure(
        `npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGINT (Ctrl-C) and was killed. ${output()}`,
      );
    }
    // PostgreSQL removes postmaster.pid when it shuts down cleanly; a killed one leaves it.
    if (existsSync(join(dataDir, 'postgres', 'postmaster.pid'))) {
      throw new StepFailure(
        `npm start stopped, but PostgreSQL did not shut down cleanly. ${output()}`,
      );
    }
    log(`npm start: stopped cleanly on SIGINT (Ctrl-C) in ${seconds(stopStarted)}.`);
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The API test project on Node 24 (`vitest run --project api`, TZ=UTC). With `report`, Vitest
 * also writes its JSON report there, for `npm test`'s closing count.
 */
async function checkApiTests({ root, env, node, report }) {
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'];
  if (report) args.push('--reporter=default', '--reporter=json', `--outputFile=${report}`);
  await runOrFail(`The API tests on Node ${NODE24_MAJOR}`, node, args, {
    cwd: root,
    env: { ...env, TZ: 'UTC' },
  });
  // The report is the record (as in scripts/test.mjs): a failed test fails the check.
  const counts = report ? readVitestCounts(report) : undefined;
  if (counts?.failed) {
    throw new StepFailure(
      `The API tests on Node ${NODE24_MAJOR} failed (${counts.failed} failed).`,
    );
  }
}

/**
 * The whole check. Resolves with `{ skipped }` (the line was printed) or `{}`; throws a
 * StepFailure when something does not work on Node 24.
 * @param {{ root: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void, report?: string }} options
 */
export async function checkOnNode24({ root, env = process.env, log = console.log, report }) {
  const started = Date.now();
  const obtained = await obtainNode24({ root, env, log });
  if (obtained.skipped) {
    log(`Node ${NODE24_MAJOR} check skipped: ${obtained.skipped}.`);
    return { skipped: obtained.skipped };
  }
  const { node, version } = obtained;
  log(`Node ${version} (${node}), ready after ${seconds(started)}.`);
  const node24Env = withNode24(env, node);

  await checkNativeModules({ root, env: node24Env, node, log });
  await checkStart({ root, env: node24Env, log });
  const testsStarted = Date.now();
  await checkApiTests({ root, env: node24Env, node, report });
  log(`The API tests passed on Node ${version} in ${seconds(testsStarted)}.`);
  log(`Node ${NODE24_MAJOR} check: ok in ${seconds(started)}.`);
  return {};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    await checkOnNode24({ root });
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
