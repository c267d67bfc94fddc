import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initializeSession } from './features/auth/session-store';
import { initI18n } from './lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Start restoring the session at once; the route guards wait for it (spec §2).
void initializeSession();

// The first paint is in the stored language (a chosen bg or de is fetched first). Not a
// top-level await: that would make Rollup split the entry into many chunks.
void initI18n().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
