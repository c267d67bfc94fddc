import { RouterProvider } from 'react-router';
import { router } from './router';

// No providers around the router: TanStack Query's lives in the signed-in layout, which only
// signed-in routes load (ADR 0010).
export function App() {
  return <RouterProvider router={router} />;
}
