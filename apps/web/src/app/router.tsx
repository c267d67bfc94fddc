import { createBrowserRouter } from 'react-router';
import { routerOptions, routes } from './routes';

/**
 * The app's router. Made when the app starts (main.tsx), not when this module is evaluated: it
 * matches the address and starts the guards' loaders, work that then falls in a task of its own
 * instead of the entry's evaluation.
 */
export function createAppRouter() {
  return createBrowserRouter(routes, routerOptions);
}
