import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { watchForNavigation } from '../app/first-screen';
import { routerOptions, routes } from '../app/routes';

/**
 * Renders the whole route table at `path`, as the browser would load it (src/main.tsx,
 * app/router.tsx): in strict mode, its navigations watched (app/first-screen.ts), and with no providers around the router — a screen that needs one must bring it,
 * as the signed-in layout brings TanStack Query's.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  watchForNavigation(router);
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { ...view, router };
}
