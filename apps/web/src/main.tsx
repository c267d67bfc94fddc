import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { initializeSession } from './features/auth/session-store';
import { initI18n } from './lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Start restoring the session at once; the route guards wait for it (spec §2).
void initializeSession();

// The first paint is in the stored language (a chosen bg or de is fetched first). Not a
// top-level await: that would make Rollup split the entry into many chunks. The render is a
// transition, which React does in slices of a few milliseconds with the browser let in between,
// not in one task that holds a phone's main thread for a quarter of a second; the router's
// provider is made safe for that (app/synced-router-provider.tsx, ADR 0048).
void initI18n().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// The installable app (ADR 0046): its worker, registered once the page has loaded, from a chunk
// of its own so that none of it counts against the first page's budget (ADR 0010). Not in the
// development server, whose modules change under a worker, nor in tests.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () =>
      void import('./lib/service-worker')
        .then(({ registerServiceWorker }) => registerServiceWorker(router))
        // Without the worker the app works as before, only not offline.
        .catch(() => {}),
    { once: true },
  );
}
