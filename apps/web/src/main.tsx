import { mountApp, routerFirstLoad } from './app/mount-app';
import { createAppRouter } from './app/router';
import { afterFirstPaint } from './lib/after-first-paint';
import { initializeSession } from './features/auth/session-store';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { whenIdle } from './lib/when-idle';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Start restoring the session and fetching the language at once; the route guards wait for the
// session (spec §2), and the first paint is in the stored language (a chosen bg or de is fetched
// first).
void initializeSession();
const languageReady = initI18n();

/**
 * The rest of the start, each step in a task of its own after the entry's evaluation (a phone
 * answers a tap in between): the router, then — once the language is there — the first render,
 * over the prerendered welcome page or from scratch (app/mount-app.tsx). Not a top-level await:
 * that would make Rollup split the entry into many chunks.
 */
async function start(root: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await languageReady;
  await nextTask();
  await mountApp(root, router);
  await routerFirstLoad(router);
  await afterFirstPaint();
  registerServiceWorker(router);
}

/**
 * The installable app (ADR 0046): its worker, from a chunk of its own so that none of it counts
 * against the first page's budget (ADR 0010), registered once the first screen is painted and the
 * browser is idle. Installing it fetches the app shell for offline use: on a phone that would
 * compete with the page's own code and reads, and before the first screen it held back the
 * largest paint (ADR 0054). Not in the development server, whose modules change under a worker,
 * nor in tests.
 */
function registerServiceWorker(router: ReturnType<typeof createAppRouter>) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenIdle(
    () =>
      void import('./lib/service-worker')
        .then((worker) => worker.registerServiceWorker(router))
        // Without the worker the app works as before, only not offline.
        .catch(() => {}),
  );
}

void start(container);
