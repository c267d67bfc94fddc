import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  describePage,
  launchBrowser,
  openPage,
  saveFailureScreenshot,
  type Engine,
  type TestPage,
} from './browser.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startApp, type RunningApp, type StartAppOptions } from './start-app.ts';

/**
 * The life of a journey file: one server with its own database and SMTP sink, one browser
 * (Chromium unless the file says another engine), and a fresh browser context per test. On failure
 * it prints a screenshot path, the page's console errors and the server's last log lines.
 */
export function setUpJourney({
  env,
  engine = 'chromium',
}: Pick<StartAppOptions, 'env'> & { engine?: Engine } = {}) {
  let sink: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  let current: TestPage;

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
    if (task.result?.state === 'fail') {
      const screenshot = await saveFailureScreenshot(current.page, task.name).catch(() => 'none');
      // The page's state last: a CI log may show only its end.
      console.error(
        [
          `Server output (last lines):\n${app.logs().split('\n').slice(-40).join('\n')}`,
          `"${task.name}" failed; screenshot: ${screenshot}`,
          `Browser problems:\n${current.problems.join('\n') || '  none'}`,
          `The page: ${await describePage(current.page)}`,
        ].join('\n'),
      );
    }
    await current.context.close();
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
  };
}
