// `npm run bench:start-tasks -w bench`: the main-thread tasks a signed-in page runs after its
// first contentful paint, in Debian's Chromium against the built server — the tasks Lighthouse's
// blocking time counts (issue #23, ADR 0058). Lighthouse simulates a phone from one load on this
// machine, and its score moves with the machine's speed from minute to minute; this reads the
// tasks themselves from Chromium's trace, several loads per page, so that a change to the app's
// start can be seen task by task. For each page: the median over the loads of the blocking time
// at Lighthouse's 4× slower CPU (each task's time × 4 over 50 ms), the number of tasks that
// would block (over 12.5 ms here), the longest; then the median load's tasks over 12.5 ms with
// what they were busy with. BENCH_START_PAGES=/calendar picks the pages, BENCH_START_RUNS=9
// the loads. Prints only; nothing is written.
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';
import { startApp, type RunningApp } from '../e2e/support/start-app.ts';
import { BELL_READ_WINDOW_MAX_MS } from '../packages/shared/src/contracts/notifications.ts';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { preparePatient, signIn, type Patient } from './signed-in-patient.ts';
import { runMain } from './run-main.ts';
import { median } from './stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = (process.env.BENCH_START_PAGES ?? '/dashboard/appointments,/calendar')
  .split(',')
  .filter(Boolean);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
/** Lighthouse's simulated phone: a 4× slower CPU; a task blocks for what it takes over 50 ms. */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
/** How long after the page's network is quiet the trace goes on: the last renders and reads. */
const SETTLE_MS = 1500;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string } };
};
type Task = { startMs: number; durationMs: number; busyWith: string };
type Load = { tasks: Task[]; blockingMs: number };

/**
 * What a task spent most of its time in: the longest event inside it, and the file of the
 * longest script call inside it (the page itself for its inline scripts).
 */
function busyWith(task: TraceEvent, inside: TraceEvent[]): string {
  const longest = (events: TraceEvent[]) =>
    events.reduce<TraceEvent | undefined>(
      (found, event) => ((event.dur ?? 0) > (found?.dur ?? 0) ? event : found),
      undefined,
    );
  const what = longest(inside.filter((event) => event !== task && event.name !== 'RunTask'));
  if (!what) return '(nothing traced)';
  const file = longest(inside.filter((event) => event.args?.data?.url))
    ?.args?.data?.url?.split('/')
    .pop();
  return file ? `${what.name} (${file})` : what.name;
}

/** The page's tasks after its first contentful paint, from Chromium's trace of one load. */
function tasksAfterFirstPaint(trace: { traceEvents: TraceEvent[] }): Task[] {
  const events = trace.traceEvents;
  // The page's main thread is the one that reported its first contentful paint.
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('The page never painted content');
  const mine = events.filter(
    (event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === 'X',
  );
  const tasks = mine.filter((event) => event.name === 'RunTask' && event.ts >= paint.ts);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((event) => event.ts >= task.ts && event.ts < end);
    return {
      startMs: (task.ts - paint.ts) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      busyWith: busyWith(task, inside),
    };
  });
}

const blockingOf = (task: Task) => Math.max(0, task.durationMs * CPU_SLOWDOWN - BLOCKING_FROM_MS);
const blocks = (task: Task) => blockingOf(task) > 0;

async function traceLoad(app: RunningApp, patient: Patient, path: string): Promise<Load> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: HEADLESS_CHROMIUM_ARGS,
    headless: true,
  });
  try {
    await signIn(browser, app, patient);
    const page = await browser.newPage();
    // Lighthouse's phone screen, so that the page lays out as it does there.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
    await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const tasks = tasksAfterFirstPaint(trace);
    return { tasks, blockingMs: tasks.reduce((sum, task) => sum + blockingOf(task), 0) };
  } finally {
    await browser.close();
  }
}

function report(path: string, loads: Load[]): void {
  const byBlocking = [...loads].sort((a, b) => a.blockingMs - b.blockingMs);
  const middle = byBlocking[Math.floor(byBlocking.length / 2)]!;
  const round = (value: number) => Math.round(value);
  console.log(
    `\n${path}: blocking at ${CPU_SLOWDOWN}× CPU, median ${round(median(loads.map((l) => l.blockingMs)))} ms ` +
      `(${loads.map((l) => round(l.blockingMs)).join(', ')}); ` +
      `tasks that block, median ${median(loads.map((l) => l.tasks.filter(blocks).length))}; ` +
      `longest task, median ${median(loads.map((l) => Math.max(0, ...l.tasks.map((t) => t.durationMs)))).toFixed(1)} ms`,
  );
  console.log(`  the median load's tasks that block (ms after the first contentful paint):`);
  for (const task of middle.tasks.filter(blocks))
    console.log(
      `  ${round(task.startMs).toString().padStart(6)}  ${task.durationMs.toFixed(1).padStart(5)} ms  ${task.busyWith}`,
    );
}

async function main(): Promise<void> {
  await buildIfStale({ root: ROOT, log: (m) => console.log(m) });
  const sink = await startSmtpSink();
  const app = await startApp({ smtpUrl: sink.url, env: { LOG_LEVEL: 'warn' } });
  try {
    const patient = await preparePatient(app, sink, 'StartTasks');
    // The bell's socket answers "changed" for a while after her booking's notification (ADR 0054,
    // 0060), and every load in that time reads the page's data twice: measure the page as it is
    // opened later.
    await new Promise((resolve) => setTimeout(resolve, BELL_READ_WINDOW_MAX_MS + 1000));
    for (const path of PAGES) {
      const loads: Load[] = [];
      for (let run = 1; run <= RUNS; run += 1) loads.push(await traceLoad(app, patient, path));
      report(path, loads);
    }
  } finally {
    await app.stop();
    await sink.stop();
  }
}

runMain(main);
