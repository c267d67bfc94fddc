import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { signedInPatient } from './support/patients.ts';
import { chooseFirstFreeSlot, expectSelectsShowTheirText } from './support/screens.ts';
import { button, MOBILE, DESKTOP, shown, switchLanguage, text } from './support/ui.ts';

// Booking and paying on the local hosted checkout (spec §2 Booking page, Booking success; §4
// Booking flow), in real Chromium against the built server with its demo doctors.

const journey = setUpJourney();
const DOCTOR = 'Dr. Elena Petrova';

const bookingPatient = (page: Page) => signedInPatient(page, journey.app, journey.sink);

/** The booking page with the demo doctor's first free time chosen. */
async function chooseFirstFreeSlotOnCalendar(page: Page) {
  await page.goto('/calendar');
  await shown(page.getByRole('heading', { name: 'Book Appointment' }));
  return chooseFirstFreeSlot(page, DOCTOR);
}

async function payOnCheckout(page: Page, card: string) {
  await page.waitForURL(/\/checkout\/cs_local_/);
  await expectAccessible(page, 'local checkout');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Petar Ivanov');
  await page.getByRole('button', { name: /^Pay/ }).click();
}

describe('booking', () => {
  it('books a slot, pays with 4242 on the hosted checkout and sees the confirmation', async () => {
    const page = journey.page;
    const user = await bookingPatient(page);
    // Opened directly, the page comes with its doctors (ADR 0056): shown without asking the API.
    const doctorReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/doctors') doctorReads.push(request.url());
    });
    const response = await page.goto('/calendar');
    expect(await response?.text()).toContain('<script type="application/json" id="doctors-answer"');
    await shown(page.getByRole('heading', { name: 'Book Appointment' }));
    await shown(page.getByRole('button', { name: DOCTOR }).first());
    expect(doctorReads).toEqual([]);
    await page.getByRole('button', { name: DOCTOR }).first().click();
    await shown(page.getByRole('grid'));
    await expectAccessible(page, 'calendar (en)');
    // The filters above the doctors show their whole text at desktop width, in every language.
    for (const locale of ['de', 'bg', 'en'] as const) {
      await switchLanguage(page, locale);
      await expectSelectsShowTheirText(page, `calendar (${locale})`);
    }
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'calendar (en, 375×812)');
    await page.setViewportSize(DESKTOP);
    const { slot } = await chooseFirstFreeSlotOnCalendar(page);
    const dialog = page.getByRole('dialog', { name: 'Confirm Appointment' });
    await shown(dialog);
    await expect.poll(() => dialog.innerText()).toContain(DOCTOR);
    await expect.poll(() => dialog.innerText()).toMatch(/60/);
    await expectAccessible(page, 'confirm appointment');
    await dialog.getByLabel('Reason for visit').fill('Recurring headaches');
    await button(dialog, 'Pay').click();
    await payOnCheckout(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/booking\/success/);
    await shown(page.getByRole('heading', { name: 'Payment Successful!' }));
    await shown(text(page, slot));
    await expect.poll(() => page.locator('main').innerText()).toContain('Recurring headaches');
    await expect.poll(() => page.locator('main').innerText()).toContain('60.00 EUR');
    await expectAccessible(page, 'booking success');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'booking success (375×812)');
    await page.setViewportSize(DESKTOP);
    // The confirmation arrives over real SMTP with the calendar invite.
    const mail = await journey.sink.waitForMail({
      to: user.email,
      subject: 'Your Vizita appointment is confirmed',
    });
    expect(mail.text).toContain(DOCTOR);
  });

  it('returns a declined card to a clear error and frees the slot again', async () => {
    const page = journey.page;
    await bookingPatient(page);
    const { day, slot } = await chooseFirstFreeSlotOnCalendar(page);
    await button(page.getByRole('dialog', { name: 'Confirm Appointment' }), 'Pay').click();
    await payOnCheckout(page, '4000 0000 0000 0002');
    await shown(page.getByText('Your card was declined.'));
    await shown(page.getByText('the time slot has been released', { exact: false }));
    // Back on the booking page, the same day offers the same time again.
    await page.goto('/calendar');
    await page.getByRole('button', { name: DOCTOR }).first().click();
    // The day is in the month the calendar opens on (the first free day was chosen there).
    await page
      .getByRole('grid')
      .getByRole('button', { name: day, exact: true, disabled: false })
      .click();
    await shown(page.getByRole('button', { name: slot, exact: true }));
  });
});
