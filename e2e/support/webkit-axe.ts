import axe from 'axe-core';
import type { RunOptions } from 'axe-core';
import { AXE_RUN_OPTIONS, failOnBlockingViolations, settleAnimations } from './axe-policy.ts';
import type { WebDriverSession } from './webdriver.ts';

/**
 * Runs axe-core in the WebKit page and fails on any serious or critical WCAG 2.1 AA violation,
 * as expectAccessible does in Chromium. The source goes in as a WebDriver script, which the
 * page's Content-Security-Policy does not govern (as with the DevTools protocol in Chromium).
 */
export async function expectAccessibleInWebKit(
  session: WebDriverSession,
  screen: string,
): Promise<void> {
  await session.execute(settleAnimations);
  if (!(await session.execute(() => 'axe' in window))) {
    await session.executeSource(`${axe.source}\n;return null;`);
  }
  const results = await session.execute(
    (options: RunOptions) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, options)
        // Only what the report reads: the whole result holds every passed check too.
        .then((r) => ({ violations: r.violations })),
    AXE_RUN_OPTIONS,
  );
  failOnBlockingViolations(results, screen, await session.currentUrl());
}
