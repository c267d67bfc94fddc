import { storedLocale } from '../lib/stored-locale';
import { localizeOfflinePage, offlineLocale } from './offline-page';

// /offline.js: the offline page's only script (the page's CSP allows no inline one).

const RETRY_WHILE_ONLINE_MS = 10_000;

localizeOfflinePage(document, offlineLocale(storedLocale(), navigator.languages));

// The address is still the page she asked for: loading it again is trying again.
document.querySelector('[data-action="retry"]')?.addEventListener('click', () => {
  window.location.reload();
});
// Back online, without her having to find the button.
window.addEventListener('online', () => window.location.reload());
// Here although the browser believes it is online: the server could not be reached, or the
// `online` event came before the connection carried anything. Try again now and then; while
// there is none, each try that fails is this page again, from the worker's cache.
if (navigator.onLine) window.setTimeout(() => window.location.reload(), RETRY_WHILE_ONLINE_MS);
