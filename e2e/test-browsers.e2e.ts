import { describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

// The Chromium every journey and bench launches runs nothing beside the page under test: its
// timings (bench:start-tasks, Lighthouse) and the journeys' pace on two cores depend on it
// (ADR 0059). A Chromium that renames the feature behind its address-bar popups fails here, not
// silently in the figures.

describe('the Chromium the journeys and benches launch', () => {
  it("loads none of the browser's own address-bar pages beside the page under test", async () => {
    const browser = await launchBrowser('chromium');
    try {
      const page = await browser.newPage();
      await page.goto('data:text/html,<title>Under test</title><p>One page');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      // Chromium 156 opens them as the window opens; give it the time it took there (under 1 s).
      await page.waitForTimeout(1500);
      const later = (await cdp.send('Target.getTargets')).targetInfos;
      const urls = [...targetInfos, ...later].map((target) => target.url);
      expect(urls.filter((url) => url.startsWith('chrome://'))).toEqual([]);
      expect(urls).toContain('data:text/html,<title>Under test</title><p>One page');
    } finally {
      await browser.close();
    }
  });
});
