import { afterEach, describe, expect, it } from 'vitest';
import { type Locale, LOCALE_STORAGE_KEY } from '@vizita/shared/constants';
import { resetSessionForTests } from '../features/auth/session-store';
import { PAINTS_BEFORE_APP_ATTRIBUTE, PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from './markers';
import { loadPrerendered, unloadPrerendered } from '../test/prerendered-document';
import { renderPatientPage } from './patient-page';

// What the build puts into my-appointments.html (ADR 0055): My Appointments as a signed-in
// patient first sees it, before her data has arrived — nothing of hers in it, no input taken
// before the app has taken it over. And into my-appointments.de.html, the same in German
// (ADR 0061).

/** The page as a browser would build it from the build's file, with the guard script run. */
const loadPage = async (locale: Locale = 'en') =>
  loadPrerendered(await renderPatientPage('/dashboard/appointments', locale));

afterEach(() => {
  localStorage.clear();
  unloadPrerendered();
  resetSessionForTests();
});

describe('the prerendered My Appointments', () => {
  it('is the page in English with its bars, heading and loading states, and no one’s data', async () => {
    const page = await loadPage();
    expect(page.title).toBe('My Appointments · Vizita');
    const root = page.querySelector(`#root > [${PRERENDERED_ATTRIBUTE}]`)!;
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('/dashboard/appointments');
    expect(root.querySelector('h1')?.textContent).toBe('My Appointments');
    expect(root.textContent).toContain('View and manage your medical appointments');
    expect(root.textContent).toContain('Notifications (0 unread)');
    expect(root.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull();
    expect(root.querySelector('main')?.getAttribute('aria-busy')).toBeNull();
    expect(root.textContent).toContain('Loading appointments');
    // Shown at once, not faded in: it is the document's first screen (ADR 0053).
    expect(root.querySelector('main')?.className).not.toContain('animate-fade-in');
    // The head's early start waits for this page's paint, not the first paint of its background.
    expect(page.documentElement.hasAttribute(PAINTS_BEFORE_APP_ATTRIBUTE)).toBe(true);
    // The build's stand-in patient is nowhere in it.
    expect(root.innerHTML).not.toContain('prerendered"');
  });

  it('takes no input until the app has taken it over; its links work', async () => {
    const page = await loadPage();
    const buttons = page.querySelectorAll('#root button');
    expect(buttons.length).toBeGreaterThanOrEqual(5); // the bell, sign-out, the filters…
    for (const button of Array.from(buttons)) expect(button.hasAttribute('inert')).toBe(true);
    const links = Array.from(page.querySelectorAll('#root a[href]'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/dashboard', '/dashboard/billing', '/dashboard/profile']),
    );
  });

  it('stays hidden where another language was chosen in this browser', async () => {
    expect((await loadPage()).documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(false);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect((await loadPage()).documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);
  });

  it('is rendered in German for a browser that chose German, and shown only there', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    const page = await loadPage('de');
    expect(page.documentElement.lang).toBe('de');
    expect(page.title).toBe('Meine Termine · Vizita');
    const root = page.querySelector(`#root > [${PRERENDERED_ATTRIBUTE}]`)!;
    expect(root.querySelector('h1')?.textContent).toBe('Meine Termine');
    expect(root.querySelector('nav[aria-label="Hauptnavigation"]')).not.toBeNull();
    expect(page.documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(false);

    // The app would start in English: without a choice, and with English chosen.
    for (const chosen of [null, 'en']) {
      unloadPrerendered();
      localStorage.clear();
      if (chosen) localStorage.setItem(LOCALE_STORAGE_KEY, chosen);
      expect((await loadPage('de')).documentElement.hasAttribute(STALE_ATTRIBUTE)).toBe(true);
    }
  });
});
