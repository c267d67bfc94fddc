import axe from 'axe-core';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

// WCAG 2.1 A and AA: the level European accessibility law (EN 301 549) refers to.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
    );
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}${more}`;
}

const hasAxe = (page: Page) => page.evaluate(() => 'axe' in window);

async function injectAxe(page: Page): Promise<void> {
  if (await hasAxe(page)) return;
  // A strict Content-Security-Policy (script-src 'self') rightly blocks an inline script tag;
  // then evaluate the source through the DevTools protocol, which CSP does not govern. Turning
  // CSP off for the whole context instead would hide the app's own CSP mistakes.
  await page.addScriptTag({ content: axe.source }).catch(() => undefined);
  if (await hasAxe(page)) return;
  await page.evaluate(`${axe.source}\n;undefined`);
  if (!(await hasAxe(page))) throw new Error(`Could not load axe-core into ${page.url()}`);
}

/**
 * Runs axe-core in the page and fails on any serious or critical WCAG 2.1 AA violation.
 * axe-core's source is injected directly: @axe-core/playwright needs Node 22.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Fade-ins (the dashboard's 300 ms) would otherwise be measured half-transparent.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  await injectAxe(page);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    TAGS,
  );
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length > 0) {
    throw new Error(
      `Accessibility violations on ${screen} (${page.url()}):\n${blocking.map(describe).join('\n')}`,
    );
  }
}
