import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import {
  button,
  DESKTOP,
  field,
  gone,
  MOBILE,
  shown,
  signIn,
  text,
  waitForPath,
} from './support/ui.ts';
import { newUser, registerValidatedUser, type TestUser } from './support/users.ts';

// The health profile (spec §2 Complete Profile, Profile, Change Password, Edit Profile, Dashboard
// home) in real Chromium against the built server, its PostgreSQL and a real SMTP sink.

const journey = setUpJourney();

// Born 1990-04-12; the last digit is the checksum (weights 2,4,8,5,10,9,7,3,6 → 147 mod 11 = 4).
const EGN = '9004126544';
const EGN_BAD_CHECKSUM = '9004126545';

const select = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function newSignedInPatient(page: Page): Promise<TestUser> {
  const user = newUser('Elena');
  await registerValidatedUser(journey.app.url, journey.sink, user);
  await signIn(page, user.email, user.password);
  await waitForPath(page, '/dashboard');
  return user;
}

describe('health profile', () => {
  it('completes a Bulgarian profile, moves to Germany with private insurance and changes the password', async () => {
    const page = journey.page;
    const user = await newSignedInPatient(page);

    // A signed-in patient with an incomplete profile is sent from a guest route to complete it.
    await page.goto('/');
    await waitForPath(page, '/complete-profile');
    await shown(page.getByRole('heading', { name: 'Complete Your Profile' }));
    await expect.poll(() => field(page, 'First Name').inputValue()).toBe('Elena');
    await expectAccessible(page, 'complete profile (en)');

    await select(page, 'Gender').selectOption({ label: 'Female' });
    await field(page, 'Date of Birth').fill('1990-04-12');
    await field(page, 'Street Address').fill('bul. Vitosha');
    await field(page, 'Number').fill('12');
    await field(page, 'Post Code').fill('1000');
    await field(page, 'City').fill('Sofia');
    await select(page, 'Country').selectOption('BG');

    // The Bulgarian section appears with the country; bad EGNs get the spec's messages.
    const egn = field(page, 'National ID Number (EGN)');
    await shown(egn);
    await egn.fill('12345');
    await egn.blur();
    await shown(text(page, 'Please enter a valid 10-digit EGN'));
    await egn.fill(EGN_BAD_CHECKSUM);
    await egn.blur();
    await shown(text(page, 'Please enter a valid 10-digit EGN'));
    await egn.fill('');
    await egn.blur();
    await shown(text(page, 'National ID number is required for Bulgarian residents'));
    await egn.fill(EGN);
    await egn.blur();
    await gone(text(page, 'National ID number is required for Bulgarian residents'));
    await expectAccessible(page, 'complete profile with errors cleared (en)');

    await page.getByLabel('I accept the terms and conditions').check();
    await button(page, 'Complete Profile').click();
    await shown(text(page, 'Profile completed successfully!'));
    await button(page, 'Continue to Dashboard')
      .or(page.getByRole('link', { name: 'Continue to Dashboard' }))
      .click();
    await waitForPath(page, '/dashboard');
    await shown(page.getByRole('heading', { name: 'Welcome back!' }));
    await shown(text(page, '100%'));
    await expectAccessible(page, 'dashboard home, complete (en)');

    // Edit to Germany with private insurance; the EGN disappears with the move.
    await page.goto('/dashboard/edit-profile');
    await shown(page.getByRole('heading', { name: 'Edit Profile' }));
    await select(page, 'Country').selectOption('DE');
    await gone(field(page, 'National ID Number (EGN)'));
    await select(page, 'Insurance Type').selectOption('private');
    await select(page, 'Insurance Company').selectOption('DEBEKA');
    await field(page, 'Insurance Number').fill('PKV-998877');
    await field(page, 'City').fill('Munich');
    await field(page, 'Post Code').fill('80331');
    await expectAccessible(page, 'edit profile (en)');
    await button(page, 'Save Changes').click();
    await shown(text(page, 'Profile Updated Successfully!'));
    await waitForPath(page, '/dashboard/profile');

    await shown(page.getByRole('heading', { name: 'My Profile' }));
    await shown(text(page, 'Verified Account'));
    for (const value of ['DEBEKA', 'PKV-998877']) await shown(page.getByText(value));
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Munich/);
    await expect.poll(() => page.locator('main').innerText()).not.toContain(EGN);
    await expectAccessible(page, 'profile (en)');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'profile (en, 375×812)');
    await page.setViewportSize(DESKTOP);

    // Change the password in the modal; it closes by itself 2 s after success.
    await button(page, 'Change Password').click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await shown(dialog);
    await expectAccessible(page, 'change password dialog (en)');
    const newPassword = `Munich-${user.password}`;
    await field(dialog, 'Current Password').fill('Wrong-Password-1!');
    await field(dialog, 'New Password').fill(newPassword);
    await field(dialog, 'Confirm New Password').fill(newPassword);
    await button(dialog, 'Change Password').click();
    await shown(dialog.getByText('Current password is incorrect'));
    await field(dialog, 'Current Password').fill(user.password);
    await button(dialog, 'Change Password').click();
    await shown(dialog.getByText('Password changed successfully!'));
    await gone(dialog, 5000);

    // Sign out, and only the new password opens the account.
    await button(page, 'Sign Out').first().click();
    await waitForPath(page, '/');
    await signIn(page, user.email, user.password);
    await shown(text(page, 'Invalid email or password'));
    await signIn(page, user.email, newPassword);
    await waitForPath(page, '/dashboard');
  });

  it('completes the profile in the German interface, with German labels and messages', async () => {
    const page = journey.page;
    await newSignedInPatient(page);
    // The stored choice under the `locale` key (spec §1) applies from the next load on.
    await page.evaluate(() => window.localStorage.setItem('locale', 'de'));
    await page.goto('/complete-profile');
    await shown(page.getByRole('heading', { name: 'Profil vervollständigen' }));
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expectAccessible(page, 'complete profile (de)');

    await select(page, 'Geschlecht').selectOption({ label: 'Weiblich' });
    await field(page, 'Geburtsdatum').fill('1990-04-12');
    await field(page, 'Straße').fill('Hauptstraße');
    await field(page, 'Hausnummer').fill('5');
    await field(page, 'Postleitzahl').fill('10115');
    await field(page, 'Ort').fill('Berlin');
    await select(page, 'Land').selectOption('BG');
    const egn = field(page, 'Bulgarische Personennummer (EGN)');
    await egn.fill('12345');
    await egn.blur();
    // The spec's message, in German: no English may reach a German screen.
    await expect
      .poll(() => page.locator('main').innerText())
      .not.toContain('Please enter a valid 10-digit EGN');
    await expect.poll(() => page.locator('main').innerText()).toMatch(/EGN/);
    await select(page, 'Land').selectOption('DE');
    await gone(egn);
    await select(page, 'Versicherungsart').selectOption({ label: 'Gesetzlich' });
    await select(page, 'Krankenversicherung').selectOption('Barmer');
    await field(page, 'Versichertennummer').fill('A123456780');
    await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen').check();
    await button(page, 'Profil vervollständigen').click();
    await shown(text(page, 'Profil erfolgreich vervollständigt!'));
    await expectAccessible(page, 'complete profile done (de)');
    await button(page, 'Weiter zur Übersicht').click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => page.locator('main').innerText()).not.toContain('Welcome back!');
  });

  it('asks to complete the profile before booking from the dashboard', async () => {
    const page = journey.page;
    await newSignedInPatient(page);
    await shown(text(page, '50%'));
    await button(page, 'Book Appointment').first().click();
    const prompt = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await shown(prompt);
    await shown(
      prompt.getByText(
        'Please complete your profile before booking an appointment. Would you like to complete it now?',
      ),
    );
    await expectAccessible(page, 'booking guard prompt (en)');
    await prompt
      .getByRole('button')
      .filter({ hasNotText: /cancel|no/i })
      .first()
      .click();
    await waitForPath(page, '/complete-profile');
  });
});
