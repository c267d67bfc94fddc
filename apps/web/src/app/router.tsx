import { createBrowserRouter } from 'react-router';
import { watchForNavigation } from './first-screen';
import { routerOptions, routes } from './routes';

/**
 * The app's router. Made when the app starts (main.tsx), not when this module is evaluated: it
 * matches the address and starts the guards' loaders, work that then falls in a task of its own
 * instead of the entry's evaluation.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes, routerOptions);
  watchForNavigation(router);
  return router;
}
