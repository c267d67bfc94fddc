// The page's side of the service worker (ADR 0046): register it, look for a new deployment, and
// move into the new version at a moment that loses nothing. Loaded after the page's `load` by
// main.tsx, so none of it weighs on the first page's budget (ADR 0010).

/**
 * Pages where something live would end with a reload: a video call (patient, doctor, guest)
 * and the queue of "see a doctor now", which turns into the call when a doctor takes her.
 */
const LIVE_PAGE = /^\/(?:dashboard\/meeting|doctor\/meeting|guest|dashboard\/see-a-doctor-now\/.)/;

export function isLivePage(pathname: string): boolean {
  return LIVE_PAGE.test(pathname);
}

/** What this needs of the app's router (app/router.tsx): its navigations as they start. */
export type Navigations = {
  subscribe(
    listener: (state: {
      navigation: {
        state: string;
        location?: { pathname: string; search: string; hash: string; key: string };
      };
    }) => void,
  ): unknown;
};

type Browser = {
  serviceWorker: ServiceWorkerContainer;
  location: Pick<Location, 'pathname' | 'assign'>;
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
};

/**
 * Registers /sw.js. A new deployment's worker takes over at once (skipWaiting and claim in
 * sw.ts), but this page still runs the old build's code, whose lazily loaded files the new
 * server no longer has. So the first in-app navigation after the takeover becomes a full load
 * of where she was going — unless she is in a call or the queue: then the one after, once she
 * has left it. Never a reload out of the blue: a form half filled in stays as it is.
 */
export async function registerServiceWorker(
  router: Navigations,
  { serviceWorker, location, document }: Browser = {
    serviceWorker: navigator.serviceWorker,
    location: window.location,
    document: window.document,
  },
): Promise<void> {
  // A page that a worker controls already had one: a change of controller is a new version.
  // The first worker's claim of a page loaded without one is not.
  let controlled = serviceWorker.controller !== null;
  let updated = false;
  serviceWorker.addEventListener('controllerchange', () => {
    updated ||= controlled;
    controlled = true;
  });

  const registration = await serviceWorker.register('/sw.js');
  // Browsers look for a new /sw.js when a page is loaded; a single-page app is loaded once and
  // then navigates in place for hours, so it asks as well: on each navigation and each return.
  const lookForUpdate = () => void registration.update().catch(() => {});

  // The router tells a navigation's progress several times; each navigation counts once.
  let lastKey: string | undefined;
  router.subscribe(({ navigation }) => {
    if (navigation.state !== 'loading' || !navigation.location) return;
    const { pathname, search, hash, key } = navigation.location;
    if (key === lastKey) return;
    lastKey = key;
    if (updated && !isLivePage(location.pathname)) location.assign(pathname + search + hash);
    else lookForUpdate();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') lookForUpdate();
  });
}
