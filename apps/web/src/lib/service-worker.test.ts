import { describe, expect, it, vi } from 'vitest';
import { isLivePage, registerServiceWorker, type Navigations } from './service-worker';

/** A browser with a service worker container that the test drives. */
function fakeBrowser({ controlled }: { controlled: boolean }) {
  const update = vi.fn(() => Promise.resolve());
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve({ update })),
  });
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const location = { pathname: '/dashboard', assign: vi.fn() };
  type Listener = Parameters<Navigations['subscribe']>[0];
  let listener: Listener = () => {};
  let keys = 0;
  const router: Navigations = { subscribe: (l) => (listener = l) };
  const browser = {
    serviceWorker: container as unknown as ServiceWorkerContainer,
    location,
    document: doc as unknown as Document,
  };
  return {
    browser,
    container,
    location,
    update,
    doc,
    start: () => registerServiceWorker(router, browser),
    /**
     * An in-app navigation from the current page to `to`, as the router reports it: loading
     * (twice, as the router does when a lazy route arrives), then idle.
     */
    navigate: (to: string) => {
      const url = new URL(to, 'https://vizita.example');
      const location = { pathname: url.pathname, search: url.search, hash: url.hash };
      const key = `k${(keys += 1)}`;
      listener({ navigation: { state: 'loading', location: { ...location, key } } });
      listener({ navigation: { state: 'loading', location: { ...location, key } } });
      listener({ navigation: { state: 'idle' } });
    },
    /** A new deployment's worker took over the page. */
    takeOver: () => container.dispatchEvent(new Event('controllerchange')),
  };
}

describe('the page’s service worker', () => {
  it('registers /sw.js and looks for a new version on each navigation and each return', async () => {
    const b = fakeBrowser({ controlled: false });
    await b.start();
    expect(b.container.register).toHaveBeenCalledWith('/sw.js');
    b.navigate('/dashboard/appointments');
    expect(b.update).toHaveBeenCalledTimes(1);
    b.doc.dispatchEvent(new Event('visibilitychange'));
    expect(b.update).toHaveBeenCalledTimes(2);
    expect(b.location.assign).not.toHaveBeenCalled();
  });

  it('does not reload for the first worker’s claim of a page that had none', async () => {
    const b = fakeBrowser({ controlled: false });
    await b.start();
    b.takeOver();
    b.navigate('/dashboard/appointments');
    expect(b.location.assign).not.toHaveBeenCalled();
    // A deployment after that one is a new version.
    b.takeOver();
    b.navigate('/dashboard/billing');
    expect(b.location.assign).toHaveBeenCalledWith('/dashboard/billing');
  });

  it('loads the new version at the next navigation, not before', async () => {
    const b = fakeBrowser({ controlled: true });
    await b.start();
    b.takeOver();
    expect(b.location.assign).not.toHaveBeenCalled();
    b.navigate('/dashboard/appointments?tab=past');
    expect(b.location.assign).toHaveBeenCalledWith('/dashboard/appointments?tab=past');
    expect(b.location.assign).toHaveBeenCalledTimes(1);
  });

  it('waits until she has left a call before it loads the new version', async () => {
    const b = fakeBrowser({ controlled: true });
    b.location.pathname = '/dashboard/meeting/42';
    await b.start();
    b.takeOver();
    b.navigate('/dashboard/meeting/42?panel=chat');
    expect(b.location.assign).not.toHaveBeenCalled();
    b.navigate('/dashboard');
    expect(b.location.assign).not.toHaveBeenCalled();
    b.location.pathname = '/dashboard';
    b.navigate('/dashboard/appointments');
    expect(b.location.assign).toHaveBeenCalledWith('/dashboard/appointments');
  });
});

describe('pages where a reload would end something live', () => {
  it.each([
    '/dashboard/meeting/42',
    '/doctor/meeting/42',
    '/guest',
    '/dashboard/see-a-doctor-now/7',
  ])('%s is one', (path) => expect(isLivePage(path)).toBe(true));

  it.each(['/', '/dashboard', '/dashboard/appointments', '/dashboard/see-a-doctor-now', '/doctor'])(
    '%s is not',
    (path) => expect(isLivePage(path)).toBe(false),
  );
});
