import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, LOCALE_STORAGE_KEY } from '@vizita/shared/constants';
import { BOOKING_INTENT_KEY } from '../lib/booking-intent';
import { PRERENDERED_ATTRIBUTE } from './markers';
import { loadPrerendered, unloadPrerendered } from '../test/prerendered-document';
import { renderWelcomePage } from './welcome-page';

// What the build puts into welcome.html (ADR 0050): `/` as a first-time visitor sees it, which
// paints before the app has loaded and must never take input the app would then throw away.

/** The page as a browser would build it from welcome.html, with the guard script run. */
const loadWelcomeDocument = async (locale: Locale = 'en') =>
  loadPrerendered(await renderWelcomePage(locale));

const stale = (page: Document) => page.documentElement.hasAttribute('data-prerender-stale');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  unloadPrerendered();
});

describe('the prerendered welcome page', () => {
  it('is the welcome page in English, with its title, sign-in form and promises', async () => {
    const page = await loadWelcomeDocument();
    expect(page.title).toBe('Welcome · Vizita');
    const root = page.querySelector(`#root > [${PRERENDERED_ATTRIBUTE}]`);
    expect(root?.querySelector('h1')?.textContent).toBe('See a doctor without leaving home');
    expect(root?.querySelector('#login-heading')?.textContent).toBe('Sign In');
    expect(root?.querySelector('label')?.textContent).toBe('Email');
    expect(root?.querySelector('#promises-heading')?.textContent).toBe('Care you can trust');
    // Laid out as the app's page will be: the wrapper has no box of its own.
    expect(root?.getAttribute('style')).toBe('display:contents');
    // The guard runs before the stylesheet, which a script after it would have to wait for.
    expect(page.head.innerHTML.indexOf('<script>')).toBeLessThan(
      page.head.innerHTML.indexOf('rel="stylesheet"'),
    );
  });

  it('takes no input until the app has taken it over: every form and button is inert', async () => {
    const page = await loadWelcomeDocument();
    const controls = page.querySelectorAll('#root form, #root button');
    expect(controls.length).toBeGreaterThanOrEqual(3); // the form, "Show password", the language
    for (const control of Array.from(controls)) expect(control.hasAttribute('inert')).toBe(true);
    // The links outside the form work without the app.
    const links = Array.from(page.querySelectorAll('#root a[href]')).filter(
      (a) => !a.closest('form'),
    );
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/doctors?lang=en', '/?register=true', '/legal/privacy']),
    );
    for (const link of links) expect(link.closest('[inert]')).toBeNull();
  });

  it('stays hidden in a browser where the app would show another language or a chosen time', async () => {
    expect(stale(await loadWelcomeDocument())).toBe(false);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    expect(stale(await loadWelcomeDocument())).toBe(false);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bg');
    expect(stale(await loadWelcomeDocument())).toBe(true);

    localStorage.clear();
    document.documentElement.removeAttribute('data-prerender-stale');
    localStorage.setItem(BOOKING_INTENT_KEY, JSON.stringify({ slug: 'x', at: 'y', savedAt: 1 }));
    expect(stale(await loadWelcomeDocument())).toBe(true);

    // The rule that hides it wins over the wrapper's own display.
    const page = await loadWelcomeDocument();
    expect(page.querySelector('head style')?.textContent).toBe(
      `html[data-prerender-stale] [${PRERENDERED_ATTRIBUTE}]{display:none!important}`,
    );
  });

  it('is rendered in Bulgarian too (ADR 0061), and shown only where the app starts in Bulgarian', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bg');
    const page = await loadWelcomeDocument('bg');
    expect(page.documentElement.lang).toBe('bg');
    expect(page.title).toBe('Добре дошли · Vizita');
    const root = page.querySelector(`#root > [${PRERENDERED_ATTRIBUTE}]`);
    expect(root?.querySelector('h1')?.textContent).toBe(
      'Консултация с лекар, без да излизате от дома',
    );
    expect(root?.querySelector('#login-heading')?.textContent).toBe('Вход');
    expect(stale(page)).toBe(false);

    // The app would start in English: no language chosen, English chosen, or storage that
    // cannot be read. The English page stays shown where storage cannot be read, as in the app.
    for (const chosen of [null, 'en']) {
      unloadPrerendered();
      localStorage.clear();
      if (chosen) localStorage.setItem(LOCALE_STORAGE_KEY, chosen);
      expect(stale(await loadWelcomeDocument('bg'))).toBe(true);
    }
    unloadPrerendered();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(stale(await loadWelcomeDocument('bg'))).toBe(true);
    unloadPrerendered();
    expect(stale(await loadWelcomeDocument('en'))).toBe(false);
  });
});
