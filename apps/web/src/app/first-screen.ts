import type { Router } from './synced-router-provider';

// Whether the screen now rendering is the document's first or one the app navigated to (ADR
// 0053): the dashboard fades in (spec §2) as a transition from another screen of the app — after
// signing in, say — not when it is the first thing the document paints, where there is nothing
// to fade from and the fade would only hold back the page's first paint by its 300 ms.

let navigated = false;

/**
 * Watches the app's router (one per document; a test's per render): the first navigation after
 * its first load — the address and its guards' redirects — marks every later screen as entered
 * from another.
 */
export function watchForNavigation(router: Router): void {
  navigated = false;
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state === 'idle') return;
    navigated = true;
    unsubscribe();
  });
}

/** Whether the app has navigated since the document's first screen. */
export const enteredFromAnotherScreen = () => navigated;
