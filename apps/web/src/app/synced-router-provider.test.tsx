import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, expect, it, vi } from 'vitest';
import { SyncedRouterProvider } from './synced-router-provider';

/**
 * A part of the page rendered after the router's provider that takes a phone's time: React yields
 * to the browser after it. Rendering it lets the route's loader answer, as the session's answer
 * may arrive at that moment.
 */
function SlowPart({ onRender }: { onRender: () => void }) {
  onRender();
  const until = performance.now() + 8;
  while (performance.now() < until) {
    // Busy, as a slow render is.
  }
  return null;
}

/**
 * The first render as main.tsx does it: a transition, which React renders in slices. The route's
 * loader answers between the provider's render and its commit; another subscriber (the service
 * worker's) is there first, so the router replays nothing.
 */
function renderFirstPageInSlices(Provider: typeof RouterProvider) {
  let answer: (value: string) => void = () => {};
  let answered = false;
  const page = { mounts: 0 };
  function Welcome() {
    useEffect(() => {
      page.mounts += 1;
    }, []);
    return <h1>Welcome</h1>;
  }
  const router = createMemoryRouter([
    {
      path: '/',
      // The first load waits for the slow parts; a second answers at once.
      loader: () =>
        answered
          ? 'ready'
          : new Promise<string>((resolve) => {
              answer = (value) => {
                answered = true;
                resolve(value);
              };
            }),
      HydrateFallback: () => <p>Loading…</p>,
      Component: Welcome,
    },
  ]);
  router.subscribe(() => {});
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <>
        <Provider router={router} />
        {Array.from({ length: 6 }, (_, i) => (
          <SlowPart key={i} onRender={() => answer('ready')} />
        ))}
      </>,
    ),
  );
  return Object.assign(page, { container, unmount: () => root.unmount() });
}

// Outside act(): act would render the transition in one go, and the race never happens. (The
// set-up's afterEach unstubs it.)
beforeEach(() => {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
});

it('shows the page once the router has loaded it, though its answer came mid-render', async () => {
  const page = renderFirstPageInSlices(SyncedRouterProvider);
  await vi.waitFor(() => expect(page.container.textContent).toBe('Welcome'), { timeout: 2000 });
  // Mounted once: its effects (a one-time token's use) run once.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(page.mounts).toBe(1);
  page.unmount();
});

// When react-router resolves the race itself (issue #15527), this fails: then the wrapper can go.
it('is needed: the bare provider stays on its fallback for good', async () => {
  const page = renderFirstPageInSlices(RouterProvider);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(page.container.textContent).toBe('Loading…');
  page.unmount();
});
