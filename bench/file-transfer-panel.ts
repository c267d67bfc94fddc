// `npm run bench:panel -w bench`: 10 MB the way a person sends it — chosen in one meeting page's
// File Transfer panel until it is listed, verified, for download in the other page — between a
// patient and a doctor in a live call (two Chromium contexts, fake camera and microphone, the
// built server), beside a raw data channel measured in the same browser in the same run. Prints
// both medians and their ratio (issue #12: at most 1.5×).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage } from '../e2e/support/browser.ts';
import { callDoctor, createCallDoctor, passDeviceCheck } from '../e2e/support/meetings.ts';
import { BULGARIAN_PROFILE, callInPage } from '../e2e/support/patients.ts';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';
import { startApp } from '../e2e/support/start-app.ts';
import { setUpTwoFactor } from '../e2e/support/two-factor.ts';
import { newUser, registerValidatedUser } from '../e2e/support/users.ts';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { serveTransferPage } from './transfer-page-server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_TRANSFER_RUNS ?? 5);
const TARGET_RATIO = 1.5;
const TEN_MB = 10_485_760;
const RESULTS_FILE = fileURLToPath(new URL('results/file-transfer-panel.json', import.meta.url));
const WATCHDOG_MS = 10 * 60 * 1000;

/** Any step that has not finished in `ms` ends the run with its name (nothing here may hang). */
async function step<T>(name: string, work: Promise<T>, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not done after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign In' }) });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Milliseconds from the file input's `change` in `from` (the person chose the file) to the row
 * of the verified file in `to` (its SHA-256 on it, its download link ready). Both pages run on
 * this machine, so their wall clocks (timeOrigin + now) are one clock.
 */
async function panelTransfer(from: Page, to: Page, file: string, sha256: string) {
  // Both watchers are in place before the file is chosen (`undefined`: the evaluation must not
  // wait for the promise it stores). Source strings, not functions: tsx would wrap named
  // functions in a helper the pages lack.
  await to.evaluate(`window.benchArrived = new Promise((resolve) => {
    const selector = 'li[data-direction="incoming"][data-sha256="${sha256}"] a[download]';
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      resolve(performance.timeOrigin + performance.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }); undefined`);
  await from.evaluate(`window.benchChosen = new Promise((resolve) =>
    document.querySelector('input[type="file"]').addEventListener(
      'change',
      () => resolve(performance.timeOrigin + performance.now()),
      { once: true, capture: true },
    ),
  ); undefined`);
  await from.locator('input[type="file"]').setInputFiles(file);
  const [start, end] = await step(
    'panel transfer',
    Promise.all([
      from.evaluate<number>('window.benchChosen'),
      to.evaluate<number>('window.benchArrived'),
    ]),
  );
  return end - start;
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('The panel benchmark did not finish in time.');
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();
  await buildIfStale({ root: ROOT });
  const sink = await startSmtpSink();
  const app = await startApp({ smtpUrl: sink.url });
  const raw = await serveTransferPage();
  const browser = await launchBrowser();
  const files = mkdtempSync(join(tmpdir(), 'vizita-panel-'));
  try {
    // A patient with a paid appointment in the call doctor's next slot (joinable now).
    const doctor = callDoctor();
    await createCallDoctor(app, doctor);
    const user = newUser('Bench');
    await registerValidatedUser(app.url, sink, user);
    const patient = (await openPage(browser, app.url)).page;
    await signIn(patient, user.email, user.password);
    await patient.waitForURL(/\/dashboard/);
    await callInPage(patient, 'PUT', '/auth/complete-profile', {
      ...BULGARIAN_PROFILE,
      firstName: 'Bench',
    });
    const doctors = (await callInPage(patient, 'GET', '/api/doctors')).json.data as {
      _id: string;
      name: string;
    }[];
    const doctorId = doctors.find((d) => d.name.endsWith('Call Doctor'))!._id;
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const days = (
      await callInPage(
        patient,
        'GET',
        `/api/availability?doctorId=${doctorId}&startDate=${today}&endDate=${tomorrow}`,
      )
    ).json.data as { date: string; slots: string[] }[];
    const held = await callInPage(patient, 'POST', '/api/payments/create-session', {
      doctorId,
      date: days[0]!.date,
      slot: days[0]!.slots[0],
      reason: 'Benchmark',
      country: 'Bulgaria',
    });
    const { sessionId, appointmentId } = held.json.data as {
      sessionId: string;
      appointmentId: string;
    };
    await callInPage(patient, 'POST', '/api/payments/process-dev-payment', { sessionId });

    const doctorPage = (await openPage(browser, app.url)).page;
    await signIn(doctorPage, doctor.email, doctor.password);
    await setUpTwoFactor(doctorPage, doctor.password);
    await doctorPage.goto(`/doctor/meeting/${appointmentId}`);
    await step('the doctor’s device check', passDeviceCheck(doctorPage));
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await step('the patient’s device check', passDeviceCheck(patient, { consent: true }));
    await step(
      'the admission',
      doctorPage.getByRole('button', { name: /^Admit / }).click({ timeout: 30_000 }),
    );
    for (const page of [patient, doctorPage]) {
      await step('the call connecting', page.waitForSelector('[data-call-state="connected"]'));
      const panel = page.getByRole('heading', { name: 'File Transfer' });
      if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Files' }).click();
      await panel.waitFor();
    }

    const rawPage = await browser.newPage();
    await rawPage.goto(raw.url);
    await rawPage.waitForFunction(() => 'benchTransfer' in window);
    const rawTransfer = () =>
      step(
        'raw transfer',
        rawPage.evaluate(() =>
          (window as unknown as { benchTransfer: (k: string) => Promise<number> }).benchTransfer(
            'raw',
          ),
        ),
      );

    const fileOf = (i: number) => {
      const bytes = randomBytes(TEN_MB);
      const path = join(files, `report-${i}.pdf`);
      writeFileSync(path, bytes);
      return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
    };
    // One warm-up each, then alternate which goes first, so drift hits both sides alike.
    await rawTransfer();
    const warm = fileOf(0);
    const warmUpMs = await panelTransfer(patient, doctorPage, warm.path, warm.sha256);
    const times = { raw: [] as number[], panel: [] as number[] };
    for (let i = 1; i <= RUNS; i++) {
      const file = fileOf(i);
      // Each way in turn: the patient's page to the doctor's, then back.
      const [from, to] = i % 2 === 1 ? [patient, doctorPage] : [doctorPage, patient];
      const panelRun = async () =>
        times.panel.push(await panelTransfer(from, to, file.path, file.sha256));
      const rawRun = async () => times.raw.push(await rawTransfer());
      for (const run of i % 2 === 0 ? [rawRun, panelRun] : [panelRun, rawRun]) await run();
    }
    const rawMs = median(times.raw);
    const panelMs = median(times.panel);
    const ratio = panelMs / rawMs;
    const mbps = (ms: number) => (10 / (ms / 1000)).toFixed(1);
    console.table([
      {
        transfer: 'raw data channel (baseline)',
        'median ms': rawMs.toFixed(0),
        'MB/s': mbps(rawMs),
      },
      {
        transfer: 'File Transfer panel, page to page',
        'median ms': panelMs.toFixed(0),
        'MB/s': mbps(panelMs),
      },
    ]);
    console.log(`first transfer of the call (warm-up, not counted): ${warmUpMs.toFixed(0)} ms`);
    console.log(`panel runs: ${times.panel.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`raw runs: ${times.raw.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(
      `10 MB from the real panel: ${panelMs.toFixed(0)} ms vs raw ${rawMs.toFixed(0)} ms = ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×, ${RUNS} runs each, medians)`,
    );
    mkdirSync(fileURLToPath(new URL('results', import.meta.url)), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, times, medianMs: { raw: rawMs, panel: panelMs }, ratio }, null, 2)}\n`,
    );
    if (ratio > TARGET_RATIO) process.exitCode = 1;
  } finally {
    await browser.close();
    raw.close();
    await app.stop();
    await sink.stop();
    rmSync(files, { recursive: true, force: true });
  }
}

await main();
