import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routerOptions, routes } from '../app/routes';

/**
 * Renders the whole route table at `path`, as the browser would load it (src/main.tsx): in
 * strict mode, and with no providers around the router — a screen that needs one must bring it,
 * as the signed-in layout brings TanStack Query's.
 */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { ...view, router };
}
