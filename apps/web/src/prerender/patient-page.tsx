import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { type Locale, PRERENDERED_PATIENT_PAGES } from '@vizita/shared/constants';
import { PATIENT_AREA_ROUTE_ID, routes, SIGNED_IN_ROUTE_ID } from '../app/routes';
import { assumeSessionForPrerender, type SessionUser } from '../features/auth/session-store';
import {
  guardOf,
  inEveryLanguage,
  pageI18n,
  renderApp,
  type PrerenderedPage,
} from './prerendered-page';

// A page of the patient's area as a signed-in patient first sees it, before any of her data has
// arrived — the top bar, the navigation, the page's heading and its loading states — rendered
// when the app is built (build/prerender-plugin.ts, ADR 0055). The server sends it to a browser
// with a session marker; the app hydrates it once the session and the page's code are there.
// Nothing of any patient is in it: the build knows none.

/**
 * The patient the page is rendered for: what the first render of a patient's page reads of her
 * session — that she is one, with a completed profile and nothing to accept first.
 */
const PATIENT: SessionUser = {
  userId: 'prerendered',
  isAdmin: false,
  userType: 'patient',
  isPaid: false,
  isProfileComplete: true,
  twoFactor: 'off',
  consentsDue: [],
};

/**
 * The app's route table with the code of the routes that `path` matches already loaded: React
 * Router loads a lazy route, and runs its loader, as it starts, whatever it was told had run.
 */
async function withCodeOf(path: string): Promise<RouteObject[]> {
  const matched = new Set(matchRoutes(routes, path)?.map((match) => match.route));
  const load = async (route: RouteObject): Promise<RouteObject> => {
    let loaded = route;
    if (matched.has(route) && typeof route.lazy === 'function')
      loaded = { ...route, ...(await route.lazy()), lazy: undefined };
    return loaded.children
      ? { ...loaded, children: await Promise.all(loaded.children.map(load)) }
      : loaded;
  };
  return Promise.all(routes.map(load));
}

/** The patient's page at `path`, in `locale`. */
export async function renderPatientPage(path: string, locale: Locale): Promise<PrerenderedPage> {
  assumeSessionForPrerender(PATIENT);
  const i18n = await pageI18n(locale, true);
  // The guards' loaders count as run: they would let this patient through (and wait for a
  // browser's session and texts, which the build has not got).
  const router = createMemoryRouter(await withCodeOf(path), {
    initialEntries: [path],
    hydrationData: { loaderData: { [SIGNED_IN_ROUTE_ID]: null, [PATIENT_AREA_ROUTE_ID]: null } },
  });
  const { location, errors } = router.state;
  if (location.pathname !== path || errors)
    throw new Error(
      `Prerendering ${path} ended at ${location.pathname} (${JSON.stringify(errors)})`,
    );
  return { path, locale, ...renderApp(router, i18n), ...guardOf(locale) };
}

/** Every page of PRERENDERED_PATIENT_PAGES in every language, in `indexHtml` (inEveryLanguage). */
export async function renderPatientPages(indexHtml: string): Promise<[string, string][]> {
  const files: [string, string][] = [];
  for (const [path, fileName] of Object.entries(PRERENDERED_PATIENT_PAGES))
    files.push(
      ...(await inEveryLanguage(indexHtml, fileName, (locale) => renderPatientPage(path, locale))),
    );
  return files;
}
