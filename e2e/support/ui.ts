import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Locators and small steps shared by the journeys. Names are the spec's English texts.

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
/** The smallest phones still sold: nothing may scroll sideways there either. */
export const SMALLEST_PHONE = { width: 320, height: 640 };

export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(label, { exact: true });
export const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });
export const text = (scope: Page | Locator, value: string) =>
  scope.getByText(value, { exact: true });

/** The registration form is the one with a "Repeat Password" field. */
export const registrationForm = (p: Page) =>
  p.locator('form').filter({ has: field(p, 'Repeat Password') });
/** The login form is the one with a "Sign In" button. */
export const loginForm = (p: Page) => p.locator('form').filter({ has: button(p, 'Sign In') });

export const shown = (locator: Locator, timeout = 15_000) =>
  locator.first().waitFor({ state: 'visible', timeout });
export const gone = (locator: Locator, timeout = 15_000) =>
  locator.first().waitFor({ state: 'hidden', timeout });

export const pathOf = (p: Page) => new URL(p.url()).pathname.replace(/(.)\/$/, '$1');
export const waitForPath = (p: Page, path: string) =>
  p.waitForURL((url) => url.pathname.replace(/(.)\/$/, '$1') === path, { timeout: 20_000 });
export const htmlLang = (p: Page) => p.evaluate(() => document.documentElement.lang);

/**
 * Types into a field key by key, replacing what it held, as a person does. Playwright's `fill`
 * sets the value in a way React's controlled inputs do not see in Firefox over WebDriver BiDi
 * (Playwright 1.64, Firefox 153 ESR): the field shows the text until the form re-renders, then is
 * empty again. Journeys that run in Firefox type with this instead.
 */
export async function typeIn(target: Locator, value: string): Promise<void> {
  await target.click();
  await target.press('ControlOrMeta+a');
  if (value === '') await target.press('Delete');
  else await target.pressSequentially(value);
}

/**
 * Opens `/` and waits for the app: the page arrives prerendered (ADR 0050), a picture of the
 * welcome page whose form is inert until the app has taken it over (hydrated it, ADR 0051, or
 * rendered its own). A person waits for the form to answer; so does a test.
 */
export async function gotoWelcome(p: Page): Promise<void> {
  await p.goto('/');
  await waitForTheApp(p);
}

/**
 * Until the app has taken over the prerendered welcome page: the mark is gone (a no-op on any
 * other page).
 */
const waitForTheApp = (p: Page) => p.locator('[data-prerendered]').waitFor({ state: 'detached' });

export async function signIn(p: Page, email: string, password: string): Promise<void> {
  await gotoWelcome(p);
  const form = loginForm(p);
  await typeIn(field(form, 'Email'), email);
  await typeIn(field(form, 'Password'), password);
  await button(form, 'Sign In').click();
}

export async function expectDashboard(p: Page): Promise<void> {
  await waitForPath(p, '/dashboard');
  await shown(p.getByRole('heading', { name: 'Welcome back!' }));
}

// Its name begins with the word; other buttons may name a language further on.
export const LANGUAGE_BUTTON = /^(Language|Език|Sprache)/i;
// The menu names each language in itself, whatever the page's (issue #22).
export const LANGUAGE_NAMES = {
  en: /English/,
  bg: /Български/,
  de: /Deutsch/,
};

/** Picks a language in the top bar's dropdown and waits until the page speaks it. */
export async function switchLanguage(p: Page, locale: keyof typeof LANGUAGE_NAMES): Promise<void> {
  const toggle = p.getByRole('button', { name: LANGUAGE_BUTTON }).filter({ visible: true }).first();
  await toggle.click();
  const name = LANGUAGE_NAMES[locale];
  const choices = p
    .getByRole('menuitem', { name })
    .or(p.getByRole('menuitemradio', { name }))
    .or(p.getByRole('option', { name }))
    .or(p.getByRole('button', { name }))
    .filter({ visible: true });
  await shown(choices);
  // The toggle itself may be named after the current language; never click it by mistake.
  const toggleHandle = await toggle.elementHandle();
  for (const choice of await choices.all()) {
    if (await choice.evaluate((el, t) => el !== t, toggleHandle)) {
      await choice.click();
      break;
    }
  }
  await expect.poll(() => htmlLang(p), { timeout: 10_000 }).toBe(locale);
}

/** The dashboard in a language other than English: no English heading, lang set, text translated. */
export async function expectDashboardIn(p: Page, locale: 'bg' | 'de'): Promise<void> {
  await waitForPath(p, '/dashboard');
  await expect.poll(() => htmlLang(p), { timeout: 10_000 }).toBe(locale);
  await gone(p.getByRole('heading', { name: 'Welcome back!' }));
  await shown(p.getByRole('heading').first());
  const body = await p.locator('body').innerText();
  if (locale === 'bg') expect(body).toMatch(/[А-Яа-я]{3,}/); // Cyrillic words on the page
  expect(body).not.toContain('Welcome back!');
}

/** Outline or ring: the focused element shows where the keyboard is (WCAG 2.4.7). */
export async function expectFocusVisible(p: Page): Promise<void> {
  await expect
    .poll(
      () =>
        p.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return 'nothing is focused';
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
          return outline || ring
            ? 'visible'
            : `no outline or box-shadow on ${el.outerHTML.slice(0, 120)}`;
        }),
      { timeout: 3000 },
    )
    .toBe('visible');
}

/** Presses Tab until `target` has the focus; fails after `maxTabs` presses. */
export async function tabTo(p: Page, target: Locator, maxTabs: number): Promise<void> {
  // The prerendered welcome page's controls are inert until the app takes over (ADR 0050).
  await waitForTheApp(p);
  for (let i = 0; i <= maxTabs; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await p.keyboard.press('Tab');
  }
  const focused = await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(
    `Tab did not reach ${target.toString()} in ${maxTabs} presses; focus is on ${focused}`,
  );
}

/**
 * From the next document on, counts the level-one headings removed from it: a prerendered page
 * that the app takes over in place (ADR 0051, 0055) removes none. Answers the count so far.
 */
export async function countRemovedHeadings(p: Page): Promise<() => Promise<number>> {
  await p.addInitScript(() => {
    const seen = window as unknown as { removedHeadings: number };
    seen.removedHeadings = 0;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of Array.from(change.removedNodes))
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            seen.removedHeadings += 1;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => p.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings);
}
