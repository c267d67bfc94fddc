import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import {
  launchBrowser,
  openPage,
  saveFailureScreenshot,
  type TestPage,
} from './support/browser.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { startApp, type RunningApp } from './support/start-app.ts';
import { newUser, registerValidatedUser } from './support/users.ts';

// Journeys through the account screens (spec §2) in real Chromium against the built server,
// its real PostgreSQL and a real SMTP sink. Texts are the spec's English wording (§5, §8).

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

let sink: SmtpSink;
let app: RunningApp;
let browser: Browser;
let current: TestPage;
let page: Page;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ smtpUrl: sink.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await sink?.stop();
});

beforeEach(async () => {
  current = await openPage(browser, app.url);
  page = current.page;
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    const screenshot = await saveFailureScreenshot(page, task.name).catch(() => 'none');
    console.error(
      [
        `"${task.name}" failed at ${page.url()}; screenshot: ${screenshot}`,
        `Browser problems:\n${current.problems.join('\n') || '  none'}`,
        `Server output (last lines):\n${app.logs().split('\n').slice(-40).join('\n')}`,
      ].join('\n'),
    );
  }
  await current.context.close();
});

// ---- locators and small steps -------------------------------------------------------------

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });
const text = (scope: Page | Locator, value: string) => scope.getByText(value, { exact: true });

/** The registration form is the one with a "Repeat Password" field. */
const registrationForm = (p: Page) =>
  p.locator('form').filter({ has: field(p, 'Repeat Password') });
/** The login form is the one with a "Sign In" button. */
const loginForm = (p: Page) => p.locator('form').filter({ has: button(p, 'Sign In') });

const shown = (locator: Locator, timeout = 15_000) =>
  locator.first().waitFor({ state: 'visible', timeout });
const gone = (locator: Locator, timeout = 15_000) =>
  locator.first().waitFor({ state: 'hidden', timeout });

const pathOf = (p: Page) => new URL(p.url()).pathname.replace(/(.)\/$/, '$1');
const waitForPath = (p: Page, path: string) =>
  p.waitForURL((url) => url.pathname.replace(/(.)\/$/, '$1') === path, { timeout: 20_000 });
const htmlLang = (p: Page) => p.evaluate(() => document.documentElement.lang);

async function signIn(p: Page, email: string, password: string): Promise<void> {
  await p.goto('/');
  const form = loginForm(p);
  await field(form, 'Email').fill(email);
  await field(form, 'Password').fill(password);
  await button(form, 'Sign In').click();
}

async function expectDashboard(p: Page): Promise<void> {
  await waitForPath(p, '/dashboard');
  await shown(p.getByRole('heading', { name: 'Welcome back!' }));
}

const LANGUAGE_BUTTON = /Language|Език|Sprache/i;
// The menu names each language in the current one: English, Bulgarian or German words.
const LANGUAGE_NAMES = {
  en: /English|Английски|Englisch/i,
  bg: /Bulgarian|Български|Bulgarisch/i,
  de: /German|Немски|Deutsch/i,
};

/** Picks a language in the top bar's dropdown and waits until the page speaks it. */
async function switchLanguage(p: Page, locale: keyof typeof LANGUAGE_NAMES): Promise<void> {
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
async function expectDashboardIn(p: Page, locale: 'bg' | 'de'): Promise<void> {
  await waitForPath(p, '/dashboard');
  await expect.poll(() => htmlLang(p), { timeout: 10_000 }).toBe(locale);
  await gone(p.getByRole('heading', { name: 'Welcome back!' }));
  await shown(p.getByRole('heading').first());
  const body = await p.locator('body').innerText();
  if (locale === 'bg') expect(body).toMatch(/[А-Яа-я]{3,}/); // Cyrillic words on the page
  expect(body).not.toContain('Welcome back!');
}

/** Outline or ring: the focused element shows where the keyboard is (WCAG 2.4.7). */
async function expectFocusVisible(p: Page): Promise<void> {
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
async function tabTo(p: Page, target: Locator, maxTabs: number): Promise<void> {
  for (let i = 0; i <= maxTabs; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await p.keyboard.press('Tab');
  }
  const focused = await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(
    `Tab did not reach ${target.toString()} in ${maxTabs} presses; focus is on ${focused}`,
  );
}

// ---- journeys ------------------------------------------------------------------------------

describe('accounts', () => {
  it('A: registers with validation messages, verifies the e-mail, signs in, switches language and signs out', async () => {
    const user = newUser('Maria');

    await page.goto('/');
    await shown(button(loginForm(page), 'Sign In'));
    await expectAccessible(page, 'welcome (en)');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'welcome (en, 375×812)');
    await page.setViewportSize(DESKTOP);

    await page.goto('/?register=true');
    const form = registrationForm(page);
    await shown(form);
    await expectAccessible(page, 'registration (en)');

    // Empty submit: every required field says so.
    await button(form, 'Create Account').click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please repeat your password',
      'You must accept the terms and conditions',
    ]) {
      await shown(text(page, message));
    }

    // Validated on blur; an error clears when the user types.
    await field(form, 'Email').fill('not-an-email');
    await field(form, 'Email').blur();
    await shown(text(page, 'Please enter a valid email address'));
    await gone(text(page, 'Email is required'));
    await field(form, 'Password').fill('short');
    await field(form, 'Password').blur();
    await shown(text(page, 'Password must be at least 8 characters'));

    // Everything valid except the repetition.
    await field(form, 'First Name').fill(user.firstName);
    await field(form, 'Last Name').fill(user.lastName);
    await field(form, 'Email').fill(user.email);
    await field(form, 'Password').fill(user.password);
    await field(form, 'Repeat Password').fill(`${user.password}x`);
    // Blur first: the message appearing on blur moves the checkbox down, and a click that
    // lands mid-shift toggles nothing (as it would for a person).
    await field(form, 'Repeat Password').blur();
    await shown(text(page, 'Passwords do not match'));
    await form.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await button(form, 'Create Account').click();
    await shown(text(page, 'Passwords do not match'));
    await gone(text(page, 'Please enter a valid email address'));
    await gone(text(page, 'Password must be at least 8 characters'));
    await gone(text(page, 'You must accept the terms and conditions'));

    await field(form, 'Repeat Password').fill(user.password);
    await gone(text(page, 'Passwords do not match'));
    await button(form, 'Create Account').click();
    // On success the app returns to the login form after 2 seconds (spec §4).
    await shown(button(loginForm(page), 'Sign In'), 20_000);

    const link = await sink.waitForLink({ to: user.email, linkPath: '/validate-email' });
    expect(link.origin).toBe(app.url);
    await page.goto(link.toString());
    await shown(text(page, 'Email Verified Successfully!'));
    await expectAccessible(page, 'validate-email success (en)');

    await signIn(page, user.email, user.password);
    await expectDashboard(page);
    await expectAccessible(page, 'dashboard (en)');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'dashboard (en, 375×812)');
    await page.setViewportSize(DESKTOP);

    // The session survives a reload (refresh cookie).
    await page.reload();
    await expectDashboard(page);

    await switchLanguage(page, 'bg');
    await expectDashboardIn(page, 'bg');
    await expectAccessible(page, 'dashboard (bg)');
    await page.reload();
    await expectDashboardIn(page, 'bg');

    await switchLanguage(page, 'de');
    await expectDashboardIn(page, 'de');
    await expectAccessible(page, 'dashboard (de)');
    await page.reload();
    await expectDashboardIn(page, 'de');

    await switchLanguage(page, 'en');
    await expectDashboard(page);

    await button(page, 'Sign Out').filter({ visible: true }).first().click();
    await waitForPath(page, '/');
    await shown(button(loginForm(page), 'Sign In'));
    // Signed out for real: the dashboard sends us back to the welcome page.
    await page.goto('/dashboard');
    await waitForPath(page, '/');
  });

  it('B: resets a forgotten password through the mailed link', async () => {
    const user = newUser('Georg');
    await registerValidatedUser(app.url, sink, user);
    const newPassword = `New-${user.password}`;

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await expectAccessible(page, 'forgot-password (en)');
    await field(page, 'Email').fill(user.email);
    await field(page, 'Email').press('Enter');
    await shown(text(page, 'Check Your Email'));

    const link = await sink.waitForLink({ to: user.email, linkPath: '/reset-password' });
    expect(link.origin).toBe(app.url);
    await page.goto(link.toString());
    await shown(field(page, 'New Password'));
    await expectAccessible(page, 'reset-password (en)');
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(newPassword);
    await button(page, 'Reset Password').click();
    await shown(text(page, 'Password Reset Successfully!'));

    await signIn(page, user.email, user.password);
    await shown(text(page, 'Invalid email or password'));
    expect(pathOf(page)).toBe('/');

    await signIn(page, user.email, newPassword);
    await expectDashboard(page);
  });

  it('C: signs in with the keyboard alone, with the focus always visible', async () => {
    const user = newUser('Elena');
    await registerValidatedUser(app.url, sink, user);

    await page.goto('/');
    const form = loginForm(page);
    await shown(button(form, 'Sign In'));

    await tabTo(page, field(form, 'Email'), 40);
    await expectFocusVisible(page);
    await page.keyboard.type(user.email);

    await tabTo(page, field(form, 'Password'), 5);
    await expectFocusVisible(page);
    await page.keyboard.type(user.password);

    await tabTo(page, button(form, 'Sign In'), 10);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expectDashboard(page);
  });

  it('D: shows the guest screens in Bulgarian and German, accessibly', async () => {
    for (const locale of ['bg', 'de'] as const) {
      // The app keeps the chosen language under the `locale` key (spec §1); init scripts run
      // in the order they were added, so the latest language wins on every navigation.
      await current.context.addInitScript((lng) => {
        window.localStorage.setItem('locale', lng);
      }, locale);
      for (const [screen, path] of [
        ['welcome', '/'],
        ['registration', '/?register=true'],
        ['forgot-password', '/forgot-password'],
        ['validate-email failure', '/validate-email?token=not-a-real-token'],
        ['reset-password', '/reset-password?token=not-a-real-token'],
      ] as const) {
        await page.goto(path);
        await expect.poll(() => htmlLang(page), { timeout: 10_000 }).toBe(locale);
        await shown(page.getByRole('heading').or(page.getByRole('button')));
        await expectAccessible(page, `${screen} (${locale})`);
      }
    }
  });
});
