import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { TestPage } from './browser.ts';

// What a failed journey leaves behind. A journey that fails only under load (CI beside other
// journeys) cannot be rerun to look: what it left is all there is, so every tab of the test is
// reported — the doctor's as well as the patient's — before any is closed.

const RESULTS_DIR = fileURLToPath(new URL('../../test-results', import.meta.url));
const TIMEOUT_MS = 2000;

/**
 * Where a page is and what its main content says (the first 600 characters), the dialogs open
 * over it (a dialog is rendered outside `main`) and its service worker's state: the last thing a
 * CI log shows of a failed run.
 */
export async function describePage(page: Page): Promise<string> {
  const text = await page
    .locator('main')
    .first()
    .innerText({ timeout: TIMEOUT_MS })
    .catch(() => page.locator('body').innerText({ timeout: TIMEOUT_MS }))
    .catch((error: unknown) => `(no text: ${String(error)})`);
  const dialogs = await page
    .evaluate(() =>
      Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'), (dialog) => {
        const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
        return (title?.textContent ?? dialog.getAttribute('aria-label') ?? '?').trim();
      }),
    )
    .catch(() => []);
  // The installable app's worker (ADR 0046): an update that never took over shows here.
  const worker = await page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      if (!registration) return '';
      const states = (['installing', 'waiting', 'active'] as const)
        .filter((slot) => registration[slot])
        .map((slot) => `${slot} ${registration[slot]!.state}`);
      return ` [service worker: ${states.join(', ') || 'none'}; caches: ${(await caches.keys()).join(', ')}]`;
    })
    .catch(() => '');
  const { pathname, search } = new URL(page.url());
  const open = dialogs.length > 0 ? ` [dialogs: ${dialogs.join('; ')}]` : '';
  return `${pathname}${search}${open}${worker}: ${text.replace(/\s+/g, ' ').slice(0, 600)}`;
}

/** Saves what the page looked like when a test failed, under test-results/ (git-ignored). */
export async function saveFailureScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
  await page.screenshot({ path, fullPage: true, timeout: 10_000 });
  return path;
}

/**
 * Prints a failed test's report: the servers' last lines, then each tab's screenshot, what its
 * browser reported (console errors, refused requests, closed sockets) and what it shows — the
 * tabs' state last, since a CI log may show only its end.
 */
export async function reportFailure(
  testName: string,
  tabs: readonly TestPage[],
  serverLogs: string,
): Promise<void> {
  const described = await Promise.all(
    tabs.map(async (tab, i) => {
      const name = tabs.length === 1 ? testName : `${testName} tab ${i}`;
      const screenshot = await saveFailureScreenshot(tab.page, name).catch(() => 'none');
      return [
        `Tab ${i}, screenshot ${screenshot}; its browser's problems:`,
        tab.problems.map((problem) => `  ${problem}`).join('\n') || '  none',
        `Tab ${i} loaded: ${tab.loads.join(', ') || 'nothing'}`,
        `Tab ${i} shows ${await describePage(tab.page)}`,
      ].join('\n');
    }),
  );
  console.error(
    [`Server output (last lines):\n${serverLogs}`, `"${testName}" failed.`, ...described].join(
      '\n',
    ),
  );
}
