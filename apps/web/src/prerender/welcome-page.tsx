import { createMemoryRouter } from 'react-router';
import { type Locale, PRERENDERED_WELCOME_PAGE } from '@vizita/shared/constants';
import { GUEST_ROUTE_ID, routes } from '../app/routes';
import { BOOKING_INTENT_KEY } from '../lib/booking-intent';
import {
  guardOf,
  inEveryLanguage,
  pageI18n,
  renderApp,
  type PrerenderedPage,
} from './prerendered-page';

// `/` as a first-time visitor sees it, rendered to HTML when the app is built (build/
// prerender-plugin.ts, ADR 0050) and hydrated by the app (ADR 0051).

/**
 * Besides another language, a time chosen on a public doctor page (its notice) changes the
 * welcome page: then it stays hidden too.
 */
const staleIf = `s.getItem(${JSON.stringify(BOOKING_INTENT_KEY)})`;

/** The welcome page in `locale`. */
export async function renderWelcomePage(locale: Locale): Promise<PrerenderedPage> {
  const i18n = await pageI18n(locale, false);
  // The page the app's first render shows a visitor. The guard's loader counts as run: the build
  // has no session, and a visitor has none either.
  const router = createMemoryRouter(routes, {
    hydrationData: { loaderData: { [GUEST_ROUTE_ID]: null } },
  });
  return { path: '/', locale, ...renderApp(router, i18n), ...guardOf(locale, staleIf) };
}

/** The welcome page in every language, in `indexHtml`: each file's name and its contents. */
export const renderWelcomePages = (indexHtml: string): Promise<[string, string][]> =>
  inEveryLanguage(indexHtml, PRERENDERED_WELCOME_PAGE, renderWelcomePage);
