// `npm run bench:lighthouse -w bench` (also the last step of `npm run bench`): Lighthouse as a
// mid-range phone sees Vizita (issue #23) — its default mobile emulation and simulated throttling,
// Debian's Chromium, the built server with the demo doctors — three runs per page, the median of
// each category score and of LCP, TBT, CLS and FCP. Signed out: `/`, the doctor directory and a
// doctor's public page; signed in as a patient with a completed profile and one paid
// appointment: the booking page and My Appointments. Prints which targets are met and writes
// bench/results/lighthouse.json. Exits 0 whether or not the targets are met (it says which are
// not); 1 only when a run fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { format, resolveConfig } from 'prettier';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';
import { startApp, type RunningApp } from '../e2e/support/start-app.ts';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { preparePatient, signIn, type Patient } from './signed-in-patient.ts';
import { runMain } from './run-main.ts';
import { median } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('results/lighthouse.json', import.meta.url));
/** Lighthouse's own report of every run, to see why a score is what it is (not committed). */
const REPORTS_DIR = fileURLToPath(new URL('results/lighthouse/', import.meta.url));
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * BENCH_LIGHTHOUSE_PAGES=/calendar,/ audits only those paths, to look at one page while changing
 * it; such a partial run prints its figures but leaves bench/results/lighthouse.json as it is.
 */
const ONLY_PATHS = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
// 5 pages × 3 runs of about 20 s each on a busy two-core machine, with room to spare.
const WATCHDOG_MS = 20 * 60 * 1000;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
} as const;
type Metric = keyof typeof METRICS;

/** Issue #23's targets, category scores out of 100. SEO counts on the signed-out pages only. */
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
};

/**
 * Lighthouse's own failures to record a load ("Please run Lighthouse again"): seen once in 15
 * runs here (NO_NAVSTART). Such a run says nothing about the page, so it is run again, twice at
 * most; any other failure (a page that never paints, NO_FCP, among them) ends the bench.
 */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const RETRIES = 2;

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type PageToAudit = { name: string; path: string; signedIn: boolean };

// georgi-dimitrov: one of the demo doctors every fresh server seeds (its slug, ADR 0040).
const PAGES: PageToAudit[] = [
  { name: 'welcome (/)', path: '/', signedIn: false },
  { name: 'doctor directory', path: '/doctors', signedIn: false },
  { name: 'doctor page', path: '/doctors/georgi-dimitrov', signedIn: false },
  { name: 'booking', path: '/calendar', signedIn: true },
  { name: 'my appointments', path: '/dashboard/appointments', signedIn: true },
];

type Run = Record<Category | Metric, number> & { failing: string[] };
type PageResult = PageToAudit & {
  /** Medians over the runs. */
  median: Record<Category | Metric, number>;
  runs: Run[];
  /** Audits that lost points in some run (score below 0.9), with how many runs. */
  failingAudits: Record<string, number>;
};

async function auditOnce(
  app: RunningApp,
  target: PageToAudit,
  patient: Patient,
  run: number,
): Promise<Run> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: HEADLESS_CHROMIUM_ARGS,
    headless: true,
  });
  try {
    if (target.signedIn) await signIn(browser, app, patient);
    const page = await browser.newPage();
    // Lighthouse's defaults are the mid-range phone: mobile form factor and screen, simulated
    // slow 4G and a 4× slower CPU. Only the four categories; no error reporting (no network).
    const flags: Flags = {
      logLevel: 'error',
      output: ['html', 'json'],
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(`${app.url}${target.path}`, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const slug = target.path.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
    const [htmlReport, jsonReport] = result.report as string[];
    writeFileSync(`${REPORTS_DIR}${slug}-${run}.html`, htmlReport!);
    writeFileSync(`${REPORTS_DIR}${slug}-${run}.json`, jsonReport!);
    return summarise(result.lhr, target);
  } finally {
    await browser.close();
  }
}

async function auditWithRetries(
  app: RunningApp,
  target: PageToAudit,
  patient: Patient,
  run: number,
): Promise<Run> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await auditOnce(app, target, patient, run);
    } catch (error) {
      const retried =
        error instanceof LighthouseRuntimeError && RETRIED_RUNTIME_ERRORS.has(error.code);
      if (!retried || attempt === RETRIES) throw error;
      console.log(
        `  Lighthouse could not record ${target.path} (${error.code}); running it again.`,
      );
    }
  }
}

function summarise(lhr: Result, target: PageToAudit): Run {
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      lhr.runtimeError.code,
      `${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  // A signed-in page that redirected to `/` measured the welcome page instead.
  if (finalPath !== target.path) throw new Error(`${target.path} ended at ${finalPath}`);
  const run = { failing: [] } as unknown as Run;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    if (score === null || score === undefined)
      throw new Error(`${target.path}: no ${category} score`);
    run[category] = Math.round(score * 100);
    for (const ref of lhr.categories[category]!.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
        run.failing.push(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  for (const [metric, id] of Object.entries(METRICS) as [Metric, string][]) {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${target.path}: no ${id}`);
    run[metric] = metric === 'cls' ? Number(value.toFixed(3)) : Math.round(value);
  }
  return run;
}

function table(pages: PageResult[]): string {
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'FCP'];
  const cells = pages.map(({ name, median: m }) => [
    name,
    String(m.performance),
    String(m.accessibility),
    String(m['best-practices']),
    String(m.seo),
    `${(m.lcpMs / 1000).toFixed(1)} s`,
    `${m.tbtMs} ms`,
    m.cls.toFixed(3),
    `${(m.fcpMs / 1000).toFixed(1)} s`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

type Verdict = { page: string; category: Category; target: number; median: number; met: boolean };

function verdicts(pages: PageResult[]): Verdict[] {
  return pages.flatMap((page) =>
    CATEGORIES.filter((category) => category !== 'seo' || !page.signedIn).map((category) => ({
      page: page.name,
      category,
      target: TARGETS[category],
      median: page.median[category],
      met: page.median[category] >= TARGETS[category],
    })),
  );
}

async function main(): Promise<void> {
  await buildIfStale({ root: ROOT, log: (m) => console.log(m) });
  console.log('Starting the built server…');
  const sink = await startSmtpSink();
  const app = await startApp({ smtpUrl: sink.url, env: { LOG_LEVEL: 'warn' } });
  const watchdog = setTimeout(() => {
    console.error('Lighthouse did not finish in time; stopping.');
    void Promise.all([app.stop(), sink.stop()]).finally(() => process.exit(1));
  }, WATCHDOG_MS);
  try {
    const patient = await preparePatient(app, sink, 'Lighthouse');
    mkdirSync(REPORTS_DIR, { recursive: true });
    const pages: PageResult[] = [];
    const targets = PAGES.filter((page) => !ONLY_PATHS || ONLY_PATHS.includes(page.path));
    for (const target of targets) {
      const runs: Run[] = [];
      for (let i = 1; i <= RUNS; i += 1) {
        console.log(`Lighthouse ${target.path}, run ${i} of ${RUNS}…`);
        runs.push(await auditWithRetries(app, target, patient, i));
      }
      const keys = [...CATEGORIES, ...(Object.keys(METRICS) as Metric[])];
      const failingAudits: Record<string, number> = {};
      for (const audit of runs.flatMap((r) => r.failing)) {
        const id = audit.replace(/ \(.*\)$/, ''); // counted by audit, whatever its value
        failingAudits[id] = (failingAudits[id] ?? 0) + 1;
      }
      pages.push({
        ...target,
        median: Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<
          Category | Metric,
          number
        >,
        runs,
        failingAudits,
      });
    }

    console.log(`\nLighthouse, mobile, median of ${RUNS} runs:\n\n${table(pages)}\n`);
    const results = verdicts(pages);
    for (const v of results)
      console.log(
        `${v.met ? 'met    ' : 'MISSED '} ${v.page}: ${v.category} ${v.median} (target ${v.target})`,
      );
    for (const page of pages) {
      const audits = Object.entries(page.failingAudits);
      if (audits.length === 0) continue;
      console.log(`\nAudits losing points on ${page.name}:`);
      for (const [audit, count] of audits) console.log(`  ${audit} (${count} of ${RUNS} runs)`);
    }
    const missed = results.filter((v) => !v.met).length;
    console.log(
      missed === 0
        ? '\nEvery Lighthouse target is met.'
        : `\n${missed} of ${results.length} Lighthouse targets missed.`,
    );

    const report = {
      date: new Date().toISOString(),
      node: process.version,
      lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
        .version,
      note: 'Lighthouse defaults: mobile emulation, simulated throttling (slow 4G, 4× CPU). SEO targets the signed-out pages only.',
      runs: RUNS,
      targets: TARGETS,
      pages,
      verdicts: results,
    };
    if (ONLY_PATHS) {
      console.log('Only some pages were audited: bench/results/lighthouse.json is left as it is.');
      return;
    }
    // Formatted as the repository's Prettier check expects: this result is committed.
    const prettierOptions = (await resolveConfig(RESULTS_FILE)) ?? {};
    writeFileSync(
      RESULTS_FILE,
      await format(JSON.stringify(report), { ...prettierOptions, filepath: RESULTS_FILE }),
    );
    console.log(`Wrote ${RESULTS_FILE}; each run's report is in ${REPORTS_DIR}`);
  } finally {
    clearTimeout(watchdog);
    await app.stop();
    await sink.stop();
  }
}

runMain(main);
