import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  launchBrowser,
  openPage,
  type Engine,
  type PageOptions,
  type TestPage,
} from './browser.ts';
import { reportFailure } from './failure-report.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startApp, type RunningApp, type StartAppOptions } from './start-app.ts';

/**
 * The life of a journey file: one server with its own database and SMTP sink, one browser
 * (Chromium unless the file says another engine), and a fresh browser context per test — plus
 * those a test opens for other people with `openTab` (a doctor, a pharmacist). On failure it
 * prints the server's last log lines and, for every tab, a screenshot, its console errors and
 * what it shows; then it closes the test's tabs.
 */
export function setUpJourney({
  env,
  engine = 'chromium',
}: Pick<StartAppOptions, 'env'> & { engine?: Engine } = {}) {
  let sink: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  let current: TestPage;
  /** The tabs a test opened besides `current`, closed after it. */
  let others: TestPage[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startApp({ smtpUrl: sink.url, ...(env ? { env } : {}) });
    browser = await launchBrowser(engine);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await sink?.stop();
  });

  beforeEach(async () => {
    current = await openPage(browser, app.url);
  });

  afterEach(async ({ task }) => {
    const tabs = [current, ...others];
    others = [];
    if (task.result?.state === 'fail')
      await reportFailure(task.name, tabs, app.logs().split('\n').slice(-40).join('\n'));
    for (const tab of tabs) await tab.context.close().catch(() => {});
  });

  return {
    get page(): Page {
      return current.page;
    },
    get app(): RunningApp {
      return app;
    },
    get sink(): SmtpSink {
      return sink;
    },
    get browser(): Browser {
      return browser;
    },
    /**
     * Another person's tab in a context of its own (cookies, storage), open until the test ends:
     * reported with the others if the test fails. `url` is another server of the test's, and
     * `in` another browser (another engine); the journey's by default.
     */
    async openTab({
      url,
      in: inBrowser,
      ...options
    }: PageOptions & { url?: string; in?: Browser } = {}): Promise<TestPage> {
      const tab = await openPage(inBrowser ?? browser, url ?? app.url, options);
      others.push(tab);
      return tab;
    },
  };
}
