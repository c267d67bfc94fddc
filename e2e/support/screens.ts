import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
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

/**
 * Every visible select is wide enough for the option it shows and its chevron: a select cuts its
 * text without any overflow a layout check would see ("All speci…", issue #23), so measure the
 * text in the select's own font.
 */
export async function expectSelectsShowTheirText(page: Page, screen: string) {
  const clipped = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    return Array.from(document.querySelectorAll('select'))
      .filter((select) => select.getClientRects().length > 0)
      .flatMap((select) => {
        const style = getComputedStyle(select);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = select.selectedOptions[0]?.text ?? '';
        const needed =
          context.measureText(label).width +
          parseFloat(style.paddingLeft) +
          parseFloat(style.paddingRight);
        return needed > select.clientWidth
          ? [`"${label}" needs ${Math.ceil(needed)} px and has ${select.clientWidth}`]
          : [];
      });
  });
  expect(clipped, `selects cut off on ${screen}`).toEqual([]);
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
