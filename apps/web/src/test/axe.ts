import axe from 'axe-core';
import { expect } from 'vitest';

/** WCAG 2.1 A/AA rules axe can judge without a layout engine (contrast is the browser's). */
export async function expectNoAxeViolations() {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}
