import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
import { cutOffSelects } from './layout-checks.ts';
import { DESKTOP, MOBILE } from './ui.ts';

// Steps the journeys take on every screen and at every checkout.

/** Axe at desktop size and at phone width, where nothing may scroll sideways. */
export async function expectAccessibleAtBothSizes(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${screen} (375×812)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    MOBILE.width,
  );
  await page.setViewportSize(DESKTOP);
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
