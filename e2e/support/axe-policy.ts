import type { AxeResults, Result, RunOptions } from 'axe-core';

// What counts as an accessibility failure, for every browser the journeys drive (Chromium through
// Playwright in axe.ts, WebKitGTK through WebDriver in webkit-axe.ts): one policy, one message.

// WCAG 2.1 A and AA: the level European accessibility law (EN 301 549) refers to.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** axe.run's options: the WCAG 2.1 AA rules only. */
export const AXE_RUN_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: TAGS } };

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

/** Throws on any serious or critical violation in `results`, naming the screen and each node. */
export function failOnBlockingViolations(
  results: Pick<AxeResults, 'violations'>,
  screen: string,
  url: string,
): void {
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length > 0) {
    throw new Error(
      `Accessibility violations on ${screen} (${url}):\n${blocking.map(describe).join('\n')}`,
    );
  }
}

/**
 * Runs in the page: waits (at most 2 s) for finite animations to end, so fade-ins (the
 * dashboard's 300 ms) are not measured half-transparent.
 */
export async function settleAnimations(): Promise<void> {
  const finite = document
    .getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.race([
    Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]);
}
