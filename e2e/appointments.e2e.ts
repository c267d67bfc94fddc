import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { apiPatient, callInPage, signedInPatient } from './support/patients.ts';
import {
  button,
  countRemovedHeadings,
  DESKTOP,
  gone,
  MOBILE,
  shown,
  switchLanguage,
  text,
  waitForPath,
} from './support/ui.ts';

// Managing appointments (spec §2 Appointments, Dashboard home, Billing history; §5 Reschedule and
// Cancellation reason; §8): in real Chromium against the built server, its demo doctors and the
// local payment provider. Booking through the calendar has its own journey (booking.e2e.ts); here
// the two bookings are paid through the same calls the booking screens make.

const journey = setUpJourney();
const DOCTOR = 'Dr. Elena Petrova';
const FIRST = 'Recurring headaches';
const SECOND = 'Blood pressure check';

type Doctor = { _id: string; name: string };
type Day = { date: string; slots: string[] };

/** The first day at least two days ahead (so the 24-hour refund rule applies) with two free slots. */
async function twoFreeSlots(page: Page): Promise<{ doctorId: string; day: Day }> {
  const doctors = (await callInPage(page, 'GET', '/api/doctors')).json.data as Doctor[];
  const doctorId = doctors.find((d) => d.name === DOCTOR)!._id;
  const iso = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const days = (
    await callInPage(
      page,
      'GET',
      `/api/availability?doctorId=${doctorId}&startDate=${iso(2)}&endDate=${iso(12)}`,
    )
  ).json.data as Day[];
  return { doctorId, day: days.find((d) => d.slots.length >= 2)! };
}

async function bookPaid(page: Page, doctorId: string, date: string, slot: string, reason: string) {
  const session = await callInPage(page, 'POST', '/api/payments/create-session', {
    doctorId,
    date,
    slot,
    reason,
    country: 'Bulgaria',
  });
  expect(session.status).toBe(200);
  const { sessionId } = session.json.data as { sessionId: string };
  expect(
    (await callInPage(page, 'POST', '/api/payments/process-dev-payment', { sessionId })).status,
  ).toBe(200);
}

/** A card of the list, by the reason for the visit given at booking. */
const card = (page: Page, reason: string) => page.getByRole('article').filter({ hasText: reason });
/** The visually hidden radio of a choice is picked by clicking its label, as a user does. */
const choose = (radio: Locator) => radio.locator('xpath=ancestor::label').click();

describe('appointments', () => {
  it('lists, reschedules (through a 409), cancels with a refund and shows it in billing', async () => {
    const page = journey.page;
    const user = await signedInPatient(page, journey.app, journey.sink);
    const { doctorId, day } = await twoFreeSlots(page);
    const [first, second] = day.slots as [string, string];
    await bookPaid(page, doctorId, day.date, first, FIRST);
    await bookPaid(page, doctorId, day.date, second, SECOND);

    // The dashboard counts both and lists them. The document's head asked for the session and
    // the page's code before the app had loaded (ADR 0052): the session was restored by that one
    // request, and its script ran under the page's Content-Security-Policy.
    const refreshes: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/status') refreshes.push(request.url());
    });
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto('/dashboard');
    const overview = page
      .getByRole('region', { name: /overview|glance/i })
      .or(page.locator('dl').first());
    await expect.poll(() => overview.first().innerText()).toMatch(/Upcoming Appointments\s*2/);
    expect(refreshes).toHaveLength(1);
    expect(refused).toEqual([]);
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/dashboard-home-page-/),
        expect.stringMatching(/^\/assets\/en-signed-in-/),
      ]),
    );
    const recent = page.getByRole('region', { name: 'Recent Appointments' });
    await expect.poll(() => recent.innerText()).toContain(first);
    await expect.poll(() => recent.innerText()).toContain(second);
    await recent.getByRole('link', { name: 'View All' }).click();

    // The list: stat cards, both cards with their actions.
    await waitForPath(page, '/dashboard/appointments');
    await shown(page.getByRole('heading', { name: 'My Appointments', level: 1 }));
    await shown(card(page, FIRST));
    await shown(card(page, SECOND));
    await expect.poll(() => card(page, FIRST).innerText()).toContain(first);
    await expect.poll(() => card(page, FIRST).innerText()).toContain('Medical Consultation');
    await expect.poll(() => card(page, FIRST).innerText()).toMatch(/Available in \d+d \d+h \d+m/);

    // Opened directly, the page arrives rendered (ADR 0055) and the app takes it over in place:
    // no heading removed from the document's start, no mismatch reported, her cards in it.
    const removedHeadings = await countRemovedHeadings(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/dashboard/appointments');
    expect(await response?.text()).toContain('data-prerendered="/dashboard/appointments"');
    await gone(page.locator('[data-prerendered]'));
    await shown(card(page, FIRST));
    await shown(card(page, SECOND));
    expect(await removedHeadings()).toBe(0);
    expect(errors).toEqual([]);
    await expectAccessible(page, 'appointments (en)');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'appointments (en, 375×812)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await page.setViewportSize(DESKTOP);

    // In German, it arrives rendered in German (ADR 0061) and is taken over in place as well.
    await switchLanguage(page, 'de');
    const german = await page.goto('/dashboard/appointments');
    const arrived = (await german?.text()) ?? '';
    expect(arrived).toContain('lang="de"');
    expect(arrived).toContain('<title>Meine Termine · Vizita</title>');
    await gone(page.locator('[data-prerendered]'));
    await shown(page.getByRole('heading', { name: 'Meine Termine', level: 1 }));
    await shown(card(page, FIRST));
    expect(await removedHeadings()).toBe(0);
    expect(errors).toEqual([]);
    await switchLanguage(page, 'en');

    // Reschedule the first: another patient takes the chosen time before we confirm (409).
    await button(card(page, FIRST), 'Reschedule').click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await shown(reschedule);
    const dates = reschedule.getByRole('radio');
    await shown(dates);
    const dateValues = await dates.evaluateAll((els) =>
      els.map((el) => (el as HTMLInputElement).value),
    );
    expect(dateValues).not.toContain(day.date); // the current date is not offered
    // The second date offered: the first may be today with one time left late in the afternoon,
    // which the rival below takes, leaving nothing to choose after the 409.
    const newDate = dateValues[1]!;
    await choose(dates.nth(1));
    const slotRadio = (slot: string) => reschedule.getByRole('radio', { name: slot, exact: true });
    const slotGroup = reschedule.getByRole('group', { name: 'New time' });
    await shown(slotGroup.getByRole('radio'));
    const taken = await slotGroup.getByRole('radio').first().getAttribute('value');
    await choose(slotRadio(taken!));
    await expectAccessible(page, 'reschedule dialog');
    const rival = await apiPatient(journey.app.url, journey.sink);
    expect(
      (
        await rival.call('POST', '/api/payments/create-session', {
          doctorId,
          date: newDate,
          slot: taken,
          country: 'Bulgaria',
        })
      ).status,
    ).toBe(200);
    await button(reschedule, 'Reschedule').click();
    await shown(
      reschedule.getByText(
        'This time slot is no longer available. Please choose a different time.',
      ),
    );
    await gone(slotRadio(taken!)); // that day's times were loaded again
    const free = await slotGroup.getByRole('radio').first().getAttribute('value');
    await choose(slotRadio(free!));
    await button(reschedule, 'Reschedule').click();
    await gone(reschedule);
    await shown(
      page.getByRole('status').filter({ hasText: 'Appointment rescheduled successfully' }),
    );
    const shortDate = (iso: string) =>
      new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    await expect
      .poll(() => card(page, FIRST).innerText())
      .toContain(`${shortDate(newDate)} · ${free}`);
    // The toast closes after 4 seconds.
    await gone(page.getByText('Appointment rescheduled successfully'), 8000);

    // Cancel the second: a too-short reason gets the spec's text, then a valid one refunds.
    await button(card(page, SECOND), 'Cancel').click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await shown(cancel);
    await shown(cancel.getByText(/You will get a full refund of 60\.00 EUR/));
    const reason = cancel.getByLabel('Reason for cancellation');
    await reason.fill('Too short');
    await shown(
      cancel.getByText('9 of 500 characters', { exact: false }).or(cancel.getByText('9/500')),
    );
    await button(cancel, 'Cancel Appointment').click();
    await shown(cancel.getByText('Please provide a more detailed reason (at least 10 characters)'));
    await expectAccessible(page, 'cancel dialog with an error');
    await reason.fill('I feel much better now, thank you.');
    await button(cancel, 'Cancel Appointment').click();
    await gone(cancel);
    await shown(
      page
        .getByRole('status')
        .filter({ hasText: 'Appointment cancelled. Your payment has been refunded.' }),
    );
    await expect.poll(() => card(page, SECOND).innerText()).toContain('Cancelled by Patient');
    await expect
      .poll(() => card(page, SECOND).innerText())
      .toContain('I feel much better now, thank you.');
    await gone(button(card(page, SECOND), 'Reschedule'));
    await button(page, 'Cancelled').click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);

    // Billing: the refund, and a receipt that opens in a new tab and says so.
    await page.getByRole('main').getByRole('link', { name: 'Billing History' }).click();
    await waitForPath(page, '/dashboard/billing');
    const table = page.getByRole('table');
    await shown(table);
    await expect.poll(() => table.innerText()).toContain('Refunded');
    await expect.poll(() => table.innerText()).toContain('Paid');
    await expectAccessible(page, 'billing (en)');
    const refundedRow = table.getByRole('row').filter({ hasText: 'Refunded' });
    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      refundedRow.getByRole('link', { name: /Download/ }).click(),
    ]);
    await receipt.waitForLoadState();
    await shown(text(receipt, 'Refunded'));
    await page.setViewportSize(MOBILE);
    await shown(page.getByRole('list').filter({ hasText: 'Refunded' }));
    await expectAccessible(page, 'billing (en, 375×812)');
    await page.setViewportSize(DESKTOP);

    // The patient was told by mail, over real SMTP.
    const mail = await journey.sink.waitForMail({
      to: user.email,
      subject: 'Your Vizita refund has been issued',
    });
    expect(mail.text).toContain(DOCTOR);
  });
});
