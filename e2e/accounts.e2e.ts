import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import {
  MOBILE,
  DESKTOP,
  field,
  button,
  countRemovedHeadings,
  text,
  registrationForm,
  loginForm,
  shown,
  gone,
  pathOf,
  waitForPath,
  htmlLang,
  signIn,
  gotoWelcome,
  expectDashboard,
  switchLanguage,
  expectDashboardIn,
  expectFocusVisible,
  tabTo,
} from './support/ui.ts';
import { LOCALE_COOKIE } from '../packages/shared/src/constants.ts';
import { newUser, registerValidatedUser } from './support/users.ts';

// Journeys through the account screens (spec §2) in real Chromium against the built server,
// its real PostgreSQL and a real SMTP sink. Texts are the spec's English wording (§5, §8).

/** The prerendered welcome page's heading in Bulgarian (ADR 0061). */
const BG_WELCOME_HEADING = 'Консултация с лекар, без да излизате от дома';

const journey = setUpJourney();

// ---- journeys ------------------------------------------------------------------------------

describe('accounts', () => {
  it('A: registers with validation messages, verifies the e-mail, signs in, switches language and signs out', async () => {
    const page = journey.page;
    const user = newUser('Maria');

    await gotoWelcome(page);
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

    const link = await journey.sink.waitForLink({ to: user.email, linkPath: '/validate-email' });
    expect(link.origin).toBe(journey.app.url);
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
    const page = journey.page;
    const user = newUser('Georg');
    await registerValidatedUser(journey.app.url, journey.sink, user);
    const newPassword = `New-${user.password}`;

    await gotoWelcome(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await expectAccessible(page, 'forgot-password (en)');
    await field(page, 'Email').fill(user.email);
    await field(page, 'Email').press('Enter');
    await shown(text(page, 'Check Your Email'));

    const link = await journey.sink.waitForLink({ to: user.email, linkPath: '/reset-password' });
    expect(link.origin).toBe(journey.app.url);
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
    const page = journey.page;
    const user = newUser('Elena');
    await registerValidatedUser(journey.app.url, journey.sink, user);

    await gotoWelcome(page);
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
    const page = journey.page;
    for (const locale of ['bg', 'de'] as const) {
      // The app keeps the chosen language under the `locale` key (spec §1); init scripts run
      // in the order they were added, so the latest language wins on every navigation.
      await page.context().addInitScript((lng) => {
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

  // ADR 0050: `/` arrives as the welcome page itself, which shows before the app has loaded — on
  // a phone, about a second earlier — and takes no input the app would throw away.
  it('E: paints the welcome page before the app has loaded, and only where the app would show it', async () => {
    // No app at all: its script never arrives (nor a service worker that could serve it).
    const context = await journey.browser.newContext({
      baseURL: journey.app.url,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        // The blocked script's own error is this test's doing; anything else (a CSP refusal of
        // the page's inline guard) is not.
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
          problems.push(message.text());
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/');
      await shown(page.getByRole('heading', { name: 'See a doctor without leaving home' }));
      expect(await page.title()).toBe('Welcome · Vizita');
      // The form is there to see, not to use, until the app has taken it over.
      const form = page.locator('form');
      expect(await form.getAttribute('inert')).toBe('');
      await form.getByLabel('Email').click({ force: true });
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
      // A link works without the app.
      await page.getByRole('link', { name: 'Find a doctor' }).click();
      await waitForPath(page, '/doctors');

      // A browser that chose Bulgarian would see English first: the page stays hidden there.
      await page.evaluate(() => localStorage.setItem('locale', 'bg'));
      await page.goto('/');
      await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(1);
      await gone(page.getByRole('heading', { name: 'See a doctor without leaving home' }));
      // With the language cookie the app keeps beside the choice (ADR 0061), `/` arrives in
      // Bulgarian and shows before the app, as the English page does.
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'bg', url: journey.app.url }]);
      await page.goto('/');
      await shown(page.getByRole('heading', { name: BG_WELCOME_HEADING }));
      expect(await page.title()).toBe('Добре дошли · Vizita');
      expect(await htmlLang(page)).toBe('bg');
      // …but not where the app would start in English: the cookie is older than the choice.
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await page.goto('/');
      await expect.poll(() => page.locator('[data-prerendered]').count()).toBe(1);
      await gone(page.getByRole('heading', { name: BG_WELCOME_HEADING }));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // With the app, it takes over in place (ADR 0051): the very nodes the browser laid out, now
    // a form that signs in. Counted from the document's start: every heading the app removes.
    const page = journey.page;
    const removedHeadings = await countRemovedHeadings(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await gotoWelcome(page);
    await shown(page.getByRole('heading', { name: 'See a doctor without leaving home' }));
    expect(await removedHeadings()).toBe(0);
    expect(errors).toEqual([]);
    await field(loginForm(page), 'Email').fill('nobody@example.test');
    await field(loginForm(page), 'Password').fill('Wrong-2026-Aa1!');
    await button(loginForm(page), 'Sign In').click();
    await shown(text(page, 'Invalid email or password'));

    // Chosen in the app, Bulgarian comes prerendered the next time, and the app takes that page
    // over in place too: the same nodes, no mismatch.
    await switchLanguage(page, 'bg');
    errors.length = 0; // the refused sign-in's 401 above
    const response = await page.goto('/');
    const arrived = (await response?.text()) ?? '';
    expect(arrived).toContain('lang="bg"');
    expect(arrived).toContain(BG_WELCOME_HEADING);
    await gone(page.locator('[data-prerendered]'));
    await shown(page.getByRole('heading', { name: BG_WELCOME_HEADING }));
    expect(await removedHeadings()).toBe(0);
    expect(errors).toEqual([]);
    await switchLanguage(page, 'en');
  });
});
