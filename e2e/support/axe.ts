import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { AXE_RUN_OPTIONS, failOnBlockingViolations, settleAnimations } from './axe-policy.ts';

const hasAxe = (page: Page) => page.evaluate(() => 'axe' in window);

async function injectAxe(page: Page): Promise<void> {
  if (await hasAxe(page)) return;
  // Evaluated through the browser's automation protocol, which Content-Security-Policy does not
  // govern. Not an inline script tag: the app's CSP (script-src 'self' and its own hashes)
  // rightly blocks one, and each attempt put a CSP error in the page's console — in every
  // failure report, a false lead. Turning CSP off for the whole context instead would hide the
  // app's own CSP mistakes.
  await page.evaluate(`${axe.source}\n;undefined`);
  if (!(await hasAxe(page))) throw new Error(`Could not load axe-core into ${page.url()}`);
}

/**
 * Runs axe-core in the page and fails on any serious or critical WCAG 2.1 AA violation.
 * axe-core's source is injected directly: @axe-core/playwright needs Node 22.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.evaluate(settleAnimations);
  await injectAxe(page);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_RUN_OPTIONS,
  );
  failOnBlockingViolations(results, screen, page.url());
}
