import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
import { cutOffSelects, sidewaysOverflow } from './layout-checks.ts';
import { DESKTOP, MOBILE, SMALLEST_PHONE } from './ui.ts';

// Steps the journeys take on every screen and at every checkout.

/** Axe at desktop size and at phone width; nothing may scroll sideways there, nor at 320 px. */
export async function expectAccessibleAtBothSizes(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${screen} (375×812)`);
  await expectNoSidewaysScroll(page, screen);
  await page.setViewportSize(SMALLEST_PHONE);
  await expectNoSidewaysScroll(page, screen);
  await page.setViewportSize(DESKTOP);
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(sidewaysOverflow);
  expect(
    overflow.scrollWidth,
    `${screen} at ${overflow.width} px scrolls sideways:\n${overflow.wide.join('\n')}`,
  ).toBeLessThanOrEqual(overflow.width);
}

/** Every visible select is wide enough for the option it shows (layout-checks.ts). */
export async function expectSelectsShowTheirText(page: Page, screen: string) {
  expect(await page.evaluate(cutOffSelects), `selects cut off on ${screen}`).toEqual([]);
}

/** Pays with the test card on the local provider's hosted checkout. */
export async function payOnCheckout(page: Page, cardholder: string) {
  await page.waitForURL(/\/checkout\/cs_local_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(cardholder);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

/**
 * On the booking page: picks `doctor`, the first day with free times (moving on a month if
 * needed) and its first time, which opens the confirmation. Answers the day's name and the time.
 */
export async function chooseFirstFreeSlot(
  page: Page,
  doctor: string,
): Promise<{ day: string; slot: string }> {
  await page.getByRole('button', { name: doctor }).first().click();
  for (let month = 0; month < 3; month++) {
    const days = page.getByRole('grid').getByRole('button', { disabled: false });
    // Availability loads after the doctor is chosen: wait for it before judging the month empty.
    const found = await days
      .first()
      .waitFor({ state: 'visible', timeout: 8000 })
      .then(() => true)
      .catch(() => false);
    if (found) {
      const day = days.first();
      const name = (await day.getAttribute('aria-label')) ?? (await day.innerText());
      await day.click();
      const slot = page.getByRole('button', { name: /^\d{2}:\d{2}$/ }).first();
      await slot.waitFor({ state: 'visible', timeout: 15_000 });
      const time = (await slot.innerText()).trim();
      await slot.click();
      return { day: name, slot: time };
    }
    await page.getByRole('button', { name: 'Next month', exact: true }).click();
  }
  throw new Error('No free day in three months');
}
