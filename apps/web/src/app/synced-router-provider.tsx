import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';

export type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * React Router's `RouterProvider`, which never misses the router's first load.
 *
 * The provider reads `router.state` when it renders and subscribes to the router when it commits
 * (a layout effect). The first render is a transition (main.tsx), which React renders in slices
 * with the browser let in between: when the session's answer completes the router's first load
 * in such a gap, the provider has not subscribed yet and never hears of it — the page stays on
 * "Loading…" for good. The router replays that update only to a first subscriber, and the service
 * worker's is often first (react-router issues #14356, #15527; seen in 2 of 3 WebKitGTK journeys).
 *
 * So once the provider has subscribed (a child's layout effects run before its parent's), this
 * checks whether the router has finished loading since the render, and if so asks it to load
 * again: its update reaches the provider. Not a new mount of the provider, which would mount the
 * page a second time and run its effects twice (a link's one-time token, spent twice).
 */
export function SyncedRouterProvider({ router }: { router: Router }) {
  const rendered = router.state;
  useLayoutEffect(() => {
    const now = router.state;
    // While it is still loading, the provider hears of the end of it.
    if (now !== rendered && now.initialized && now.navigation.state === 'idle') {
      void router.revalidate();
    }
  }, [router, rendered]);
  return <RouterProvider router={router} />;
}
