import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from '../prerender/markers';
import { App } from './app';
import type { Router } from './synced-router-provider';

// How the app starts in #root (ADR 0051). Where the page arrived prerendered — the welcome page
// (ADR 0050), a patient's page (ADR 0055) — and the router's first load lands on the page it
// shows, the app hydrates that markup: React attaches to the nodes the browser has already laid
// out, instead of building and laying out the same page a second time, which on a mid-range phone
// were two tasks of 100–200 ms right after the first paint. Anywhere else it renders from scratch.
//
// Both are transitions: React renders them in slices of a few milliseconds with the browser let
// in between, not in one task that holds a phone's main thread (a hydration outside a transition
// is rendered in one piece). The router's provider is made safe for that (synced-router-provider).

/** The prerendered page in #root, unless its guard has hidden it from this browser. */
function prerenderedPage(root: HTMLElement): HTMLElement | null {
  if (document.documentElement.hasAttribute(STALE_ATTRIBUTE)) return null;
  return root.querySelector<HTMLElement>(`:scope > [${PRERENDERED_ATTRIBUTE}]`);
}

/** Resolves once the router's first load has ended: the guards' loaders have decided. */
export function routerFirstLoad(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Whether the router shows the page the build rendered: its bare path, without an error. */
function showsPrerendered(page: HTMLElement, { location, errors }: Router['state']): boolean {
  const path = page.getAttribute(PRERENDERED_ATTRIBUTE);
  return location.pathname === path && location.search === '' && !errors;
}

/**
 * Once the app has hydrated the page, it is the app's: its controls take input (the prerendered
 * markup has them inert, prerender/prerendered-page.tsx) and the journeys' wait for the app ends.
 */
function TakeOver({ page, children }: { page: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    for (const control of page.querySelectorAll('[inert]')) control.removeAttribute('inert');
    page.removeAttribute(PRERENDERED_ATTRIBUTE);
  }, [page]);
  return children;
}

/**
 * The app's first render differed from the build's markup: React has rendered the page anew, as
 * it would have without the prerendered page. Nothing is lost, but the build and the app disagree
 * (a text, a tree), which is a bug: said in the console, where journeys and Lighthouse look.
 */
function reportMismatch(error: unknown): void {
  console.error('The prerendered page did not match the app:', error);
}

/**
 * Starts the app in `root`, once the language of its first paint is ready (main.tsx); answers
 * React's root.
 */
export async function mountApp(root: HTMLElement, router: Router): Promise<Root> {
  const app = <App router={router} />;
  const page = prerenderedPage(root);
  if (page) {
    await routerFirstLoad(router);
    if (showsPrerendered(page, router.state)) {
      let hydrated!: Root;
      startTransition(() => {
        hydrated = hydrateRoot(
          page,
          <StrictMode>
            <TakeOver page={page}>{app}</TakeOver>
          </StrictMode>,
          { onRecoverableError: reportMismatch },
        );
      });
      return hydrated;
    }
  }
  // createRoot empties `root` on its first commit: a prerendered page the app does not show goes.
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<StrictMode>{app}</StrictMode>));
  return reactRoot;
}
