import { router } from './router';
import { SyncedRouterProvider } from './synced-router-provider';

// No providers around the router: TanStack Query's lives in the signed-in layout, which only
// signed-in routes load (ADR 0010).
export function App() {
  return <SyncedRouterProvider router={router} />;
}
