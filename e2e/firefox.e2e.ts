import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { bookCallNow, callDoctor, createCallDoctor } from './support/meetings.ts';
import { signedInPatient } from './support/patients.ts';
import {
  chooseFirstFreeSlot,
  expectAccessibleAtBothSizes,
  expectSelectsShowTheirText,
  payOnCheckout,
} from './support/screens.ts';
import {
  button,
  expectDashboard,
  expectDashboardIn,
  field,
  loginForm,
  registrationForm,
  shown,
  signIn,
  switchLanguage,
  text,
  typeIn,
  waitForPath,
  gotoWelcome,
} from './support/ui.ts';
import { newUser } from './support/users.ts';

// Issue #23: the patient's main path in Firefox ESR (Debian's, over WebDriver BiDi) against the
// built server — every screen clicked through as a person would, with axe at 1280 and 375 px.
// The same screens in Chromium have journeys of their own (accounts, profile, booking,
// appointments, privacy); WebKitGTK has its own driver and journey (webkit.e2e.ts).

const journey = setUpJourney({ engine: 'firefox' });
const DOCTOR = 'Dr. Elena Petrova';
const REASON = 'Recurring headaches';
const select = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('the main path in Firefox ESR', () => {
  it('registers, validates, completes the profile, books and pays, and reads appointments, billing, languages and privacy', async () => {
    const { page, sink } = journey;
    const user = newUser('Greta');

    // Register.
    await gotoWelcome(page);
    await shown(button(loginForm(page), 'Sign In'));
    await expectAccessibleAtBothSizes(page, 'welcome');
    await page.goto('/?register=true');
    const form = registrationForm(page);
    await shown(form);
    await button(form, 'Create Account').click();
    await shown(text(page, 'First name is required'));
    await typeIn(field(form, 'First Name'), user.firstName);
    await typeIn(field(form, 'Last Name'), user.lastName);
    await typeIn(field(form, 'Email'), user.email);
    await typeIn(field(form, 'Password'), user.password);
    await typeIn(field(form, 'Repeat Password'), user.password);
    await form.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await expectAccessibleAtBothSizes(page, 'registration');
    await button(form, 'Create Account').click();
    await shown(button(loginForm(page), 'Sign In'), 20_000);

    // Validate by the mailed link, sign in.
    const link = await sink.waitForLink({ to: user.email, linkPath: '/validate-email' });
    await page.goto(link.toString());
    await shown(text(page, 'Email Verified Successfully!'));
    await expectAccessibleAtBothSizes(page, 'validate-email success');
    await signIn(page, user.email, user.password);
    await waitForPath(page, '/dashboard');

    // Complete the profile: Firefox's own date input and selects.
    await page.goto('/');
    await waitForPath(page, '/complete-profile');
    await shown(page.getByRole('heading', { name: 'Complete Your Profile' }));
    await select(page, 'Gender').selectOption({ label: 'Female' });
    await field(page, 'Date of Birth').fill('1990-04-12');
    await typeIn(field(page, 'Street Address'), 'bul. Vitosha');
    await typeIn(field(page, 'Number'), '12');
    await typeIn(field(page, 'Post Code'), '1000');
    await typeIn(field(page, 'City'), 'Sofia');
    await select(page, 'Country').selectOption('BG');
    const egn = field(page, 'National ID Number (EGN)');
    await typeIn(egn, '12345');
    await egn.blur();
    await shown(text(page, 'Please enter a valid 10-digit EGN'));
    await typeIn(egn, '9004126544');
    await egn.blur();
    await page.getByLabel('I accept the terms and conditions').check();
    await expectAccessibleAtBothSizes(page, 'complete profile');
    await button(page, 'Complete Profile').click();
    await shown(text(page, 'Profile completed successfully!'));
    await page.goto('/dashboard');
    await expectDashboard(page);
    await expectAccessibleAtBothSizes(page, 'dashboard');

    // Book and pay on the local checkout.
    await page.goto('/calendar');
    await shown(page.getByRole('heading', { name: 'Book Appointment' }));
    await expectAccessibleAtBothSizes(page, 'booking page');
    await expectSelectsShowTheirText(page, 'booking page');
    const { slot } = await chooseFirstFreeSlot(page, DOCTOR);
    const dialog = page.getByRole('dialog', { name: 'Confirm Appointment' });
    await shown(dialog);
    await typeIn(dialog.getByLabel('Reason for visit'), REASON);
    await expectAccessible(page, 'confirm appointment');
    await button(dialog, 'Pay').click();
    await page.waitForURL(/\/checkout\/cs_local_/);
    await expectAccessibleAtBothSizes(page, 'local checkout');
    await payOnCheckout(page, `${user.firstName} ${user.lastName}`);
    await page.waitForURL(/\/booking\/success/);
    await shown(page.getByRole('heading', { name: 'Payment Successful!' }));
    await shown(text(page, slot));
    await expectAccessibleAtBothSizes(page, 'booking success');

    // Appointments and billing.
    await page.goto('/dashboard/appointments');
    await shown(page.getByRole('heading', { name: 'My Appointments', level: 1 }));
    await expect.poll(() => page.getByRole('main').innerText()).toContain(REASON);
    await expectAccessibleAtBothSizes(page, 'appointments');
    await page.goto('/dashboard/billing');
    const table = page.getByRole('table');
    await shown(table);
    await expect.poll(() => table.innerText()).toContain('Paid');
    await expectAccessibleAtBothSizes(page, 'billing');

    // Languages: the dashboard in Bulgarian and German, kept over a reload, and back.
    await page.goto('/dashboard');
    for (const locale of ['bg', 'de'] as const) {
      await switchLanguage(page, locale);
      await expectDashboardIn(page, locale);
      await expectAccessibleAtBothSizes(page, `dashboard (${locale})`);
      await page.reload();
      await expectDashboardIn(page, locale);
    }
    await switchLanguage(page, 'en');
    await expectDashboard(page);

    // Privacy: her data as a file.
    await page.goto('/dashboard/profile');
    const privacy = page.getByRole('region', { name: 'Privacy and your data' });
    await shown(privacy);
    await expectAccessibleAtBothSizes(page, 'profile with privacy and data');
    // Playwright sees no download event from Firefox over BiDi, so the page tells what it handed
    // the browser to save: the file's name and its content (lib/save-file.ts's Blob link).
    await page.evaluate(() => {
      const blobs = new Map<string, Blob>();
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        const url = createObjectURL(blob);
        blobs.set(url, blob);
        return url;
      };
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href);
        if (blob) (window as unknown as { saved: unknown }).saved = { name: this.download, blob };
        click.call(this);
      };
    });
    await button(page, 'Download as a data file (JSON)').click();
    type Saved = { saved?: { name: string; blob: Blob } };
    await page.waitForFunction(() => Boolean((window as unknown as Saved).saved));
    const file = await page.evaluate(async () => {
      const { name, blob } = (window as unknown as Saved).saved!;
      return { name, text: await blob.text() };
    });
    expect(file.name).toMatch(/^vizita-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(file.text) as {
      account: { email: string };
      appointments: { reason: string }[];
    };
    expect(data.account.email).toBe(user.email);
    expect(data.appointments.map((a) => a.reason)).toEqual([REASON]);
  });

  it("runs the device check on Firefox's fake camera and microphone", async () => {
    const { page, app, sink } = journey;
    const doctor = callDoctor();
    await createCallDoctor(app, doctor);
    await signedInPatient(page, app, sink, 'Greta');
    const appointmentId = await bookCallNow(page, app);
    await page.goto(`/dashboard/meeting/${appointmentId}`);
    await shown(
      page.getByRole('heading', {
        name: 'Before you join: check your camera, microphone and connection',
      }),
      30_000,
    );
    // The preview plays the fake camera: frames, not a black box.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const video = document.querySelector('video');
            return video ? video.videoWidth : 0;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expectAccessibleAtBothSizes(page, 'device check');
    await shown(button(page, 'Join now'));
  });
});
