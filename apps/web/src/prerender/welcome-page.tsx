import { createMemoryRouter } from 'react-router';
import { GUEST_ROUTE_ID, routes } from '../app/routes';
import { BOOKING_INTENT_KEY } from '../lib/booking-intent';
import { enFirstPage } from '../locales/en-first-page';
import { englishI18n, guardOf, renderApp, type PrerenderedPage } from './prerendered-page';

// `/` as a first-time visitor sees it, rendered to HTML when the app is built (build/
// prerender-plugin.ts, ADR 0050) and hydrated by the app (ADR 0051).

/**
 * Besides another language, a time chosen on a public doctor page (its notice) changes the
 * welcome page: then it stays hidden too.
 */
const staleIf = `s.getItem(${JSON.stringify(BOOKING_INTENT_KEY)})`;

export async function renderWelcomePage(): Promise<PrerenderedPage> {
  const i18n = await englishI18n(enFirstPage);
  // The page the app's first render shows a visitor. The guard's loader counts as run: the build
  // has no session, and a visitor has none either.
  const router = createMemoryRouter(routes, {
    hydrationData: { loaderData: { [GUEST_ROUTE_ID]: null } },
  });
  return { path: '/', ...renderApp(router, i18n), ...guardOf(staleIf) };
}
