import { createBrowserRouter } from 'react-router';
import { routerOptions, routes } from './routes';

export const router = createBrowserRouter(routes, routerOptions);
