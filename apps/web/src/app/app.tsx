import { SyncedRouterProvider, type Router } from './synced-router-provider';

// No providers around the router: TanStack Query's lives in the signed-in layout, which only
// signed-in routes load (ADR 0010). The router is the browser's in the app (app/router.tsx) and
// a memory router where the build renders the welcome page (src/prerender): the same tree, so
// that the app can hydrate that page (ADR 0051).
export function App({ router }: { router: Router }) {
  return <SyncedRouterProvider router={router} />;
}
