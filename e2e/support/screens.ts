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
