import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { cutOffSelects, sidewaysOverflow } from './layout-checks.ts';
import { DESKTOP, MOBILE, SMALLEST_PHONE } from './ui.ts';
import { expectAccessibleInWebKit } from './webkit-axe.ts';
import { isElementRef, KEYS, type ElementRef } from './webdriver.ts';
import type { WebKit } from './webkit.ts';

// Finding things by what a person sees — a button's name, a field's label, a heading — in a
// browser driven through WebDriver, which finds only by CSS or XPath. The names are the
// accessible names, simplified: aria-labelledby, aria-label, the <label>s of a control, else the
// text, leaving out what is aria-hidden (a required field's asterisk). Enough for our markup.

export type Role = 'button' | 'link' | 'heading' | 'field' | 'checkbox' | 'menuitem' | 'text';

/**
 * What to find: the first visible element of this role with this name, inside `within` (CSS);
 * with `enabled`, only one that is not disabled.
 */
export type Target = { role: Role; name: string | RegExp; within?: string; enabled?: boolean };

/** Sent to the page: a RegExp does not survive JSON. */
type PageQuery = Omit<Target, 'name'> & { name: string | { source: string; flags: string } };

const toPageQuery = ({ name, ...rest }: Target): PageQuery => ({
  ...rest,
  name: typeof name === 'string' ? name : { source: name.source, flags: name.flags },
});

export const button = (name: string | RegExp, within?: string): Target => ({
  role: 'button',
  name,
  ...(within ? { within } : {}),
});
export const link = (name: string | RegExp): Target => ({ role: 'link', name });
export const heading = (name: string | RegExp): Target => ({ role: 'heading', name });
export const field = (name: string | RegExp, within?: string): Target => ({
  role: 'field',
  name,
  ...(within ? { within } : {}),
});
export const checkbox = (name: string | RegExp): Target => ({ role: 'checkbox', name });
export const menuitem = (name: string | RegExp): Target => ({ role: 'menuitem', name });
export const text = (name: string | RegExp): Target => ({ role: 'text', name });

/** Runs in the page: every visible element that matches, in document order. */
function findAll(query: PageQuery): Element[] {
  const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();
  const textOf = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out += child.textContent ?? '';
      else if (child instanceof Element && child.getAttribute('aria-hidden') !== 'true') {
        out += child instanceof HTMLImageElement ? child.alt : textOf(child);
      }
    }
    return out;
  };
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => {
          const label = document.getElementById(id);
          return label ? textOf(label) : '';
        })
        .join(' ');
    }
    const label = el.getAttribute('aria-label');
    if (label) return label;
    if ('labels' in el && (el as HTMLInputElement).labels?.length) {
      return Array.from((el as HTMLInputElement).labels!, textOf).join(' ');
    }
    return textOf(el);
  };
  const { name } = query;
  const matches = (value: string) =>
    typeof name === 'string'
      ? normalize(value) === name
      : new RegExp(name.source, name.flags).test(normalize(value));
  // Inert: the prerendered welcome page's controls until the app takes over (ADR 0050).
  const visible = (el: Element) =>
    el.getClientRects().length > 0 &&
    getComputedStyle(el).visibility !== 'hidden' &&
    !el.closest('[inert]');
  const selectors: Record<Role, string> = {
    button: 'button, [role=button], input[type=submit], input[type=button]',
    link: 'a[href], [role=link]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    field: 'input:not([type=hidden]), select, textarea',
    checkbox: 'input[type=checkbox], [role=checkbox]',
    menuitem: '[role=menuitem], [role=menuitemradio], [role=option]',
    text: 'body *',
  };
  const root = query.within ? document.querySelector(query.within) : document;
  if (!root) return [];
  const found = Array.from(root.querySelectorAll(selectors[query.role])).filter(
    (el) =>
      visible(el) &&
      matches(nameOf(el)) &&
      !(
        query.enabled &&
        ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true')
      ),
  );
  // For text, the innermost element that says it (not each of its ancestors).
  return query.role === 'text'
    ? found.filter((el) => !found.some((other) => other !== el && el.contains(other)))
    : found;
}

/** Runs in the page: keeps its errors in `window.vizitaProblems`, for `problems()`. */
function collectProblems() {
  const page = window as unknown as { vizitaProblems?: string[] };
  if (page.vizitaProblems) return;
  const problems: string[] = (page.vizitaProblems = []);
  window.addEventListener('error', (event) => problems.push(`error: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`),
  );
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    problems.push(`console: ${args.map(String).join(' ')}`);
    consoleError(...args);
  };
}

/** The narrowest phone screen in use (iPhone SE 1st generation and small Androids). */

const RESULTS_DIR = fileURLToPath(new URL('../../test-results', import.meta.url));
const DEFAULT_TIMEOUT_MS = 15_000;
const POLL_MS = 100;

const describeTarget = ({ role, name, within }: Target) =>
  `${role} "${String(name)}"${within ? ` in ${within}` : ''}`;

/** One page of a WebKit session, with the steps the journeys take, relative to the app's URL. */
export class WebKitPage {
  constructor(
    readonly webkit: WebKit,
    readonly baseUrl: string,
  ) {}

  get session() {
    return this.webkit.session;
  }

  /** Loads a page (a path of the app, or a whole URL), and starts listening for its errors. */
  async goto(pathOrUrl: string): Promise<void> {
    await this.session.navigate(new URL(pathOrUrl, this.baseUrl).toString());
    await this.session.execute(collectProblems);
  }

  /**
   * The uncaught errors, unhandled rejections and console errors since the page was loaded by
   * `goto` (WebKitWebDriver passes on no console log, so the page keeps them itself).
   */
  problems(): Promise<string[]> {
    return this.session.execute(
      () => (window as unknown as { vizitaProblems?: string[] }).vizitaProblems ?? [],
    );
  }

  async path(): Promise<string> {
    return new URL(await this.session.currentUrl()).pathname.replace(/(.)\/$/, '$1');
  }

  async waitForPath(path: string | RegExp, timeout = 20_000): Promise<void> {
    await expect
      .poll(() => this.path(), { timeout, interval: POLL_MS })
      .toMatch(typeof path === 'string' ? new RegExp(`^${path}$`) : path);
  }

  /** The visible elements that match, now. */
  async all(target: Target): Promise<ElementRef[]> {
    const found = await this.session.execute(findAll, toPageQuery(target));
    return (found as unknown[]).filter(isElementRef);
  }

  /** Waits until the target is visible and answers it. */
  async find(target: Target, timeout = DEFAULT_TIMEOUT_MS): Promise<ElementRef> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const [first] = await this.all(target);
      if (first) return first;
      if (Date.now() > deadline) {
        const body = await this.bodyText().catch(() => '(unreadable)');
        throw new Error(
          `No visible ${describeTarget(target)} at ${await this.path()} after ${timeout} ms. ` +
            `The page says:\n${body.slice(0, 1500)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async shown(target: Target, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.find(target, timeout);
  }

  async gone(target: Target, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
    await expect
      .poll(async () => (await this.all(target)).length, { timeout, interval: POLL_MS })
      .toBe(0);
  }

  async click(target: Target): Promise<void> {
    await this.session.click(await this.find(target));
  }

  /** Empties the field and types `value` into it, key by key. */
  async fill(target: Target, value: string): Promise<void> {
    const element = await this.find(target);
    await this.session.clear(element);
    if (value) await this.session.sendKeys(element, value);
  }

  /** Chooses the option with this visible text in a <select>. */
  async select(target: Target, optionText: string): Promise<void> {
    const element = await this.find(target);
    const option = await this.session.execute(
      (select: HTMLSelectElement, wanted: string) =>
        Array.from(select.options).find((o) => o.text.trim() === wanted) ?? null,
      element as unknown as HTMLSelectElement,
      optionText,
    );
    if (!isElementRef(option))
      throw new Error(`No option "${optionText}" in ${String(target.name)}`);
    await this.session.click(option);
  }

  async isChecked(target: Target): Promise<boolean> {
    const element = await this.find(target);
    return this.session.execute(
      (input: HTMLInputElement) => input.checked,
      element as unknown as HTMLInputElement,
    );
  }

  async isDisabled(target: Target): Promise<boolean> {
    const element = await this.find(target);
    return this.session.execute(
      (el: HTMLButtonElement) => el.disabled || el.getAttribute('aria-disabled') === 'true',
      element as unknown as HTMLButtonElement,
    );
  }

  /**
   * Presses Tab until `target` has the focus (fails after `maxTabs` presses), and checks that the
   * focus shows: an outline or a ring (WCAG 2.4.7).
   */
  async tabTo(target: Target, maxTabs: number): Promise<void> {
    const element = await this.find(target);
    const focused = () =>
      this.session.execute(
        (el: Element) => el === document.activeElement,
        element as unknown as Element,
      );
    for (let presses = 0; !(await focused()); presses += 1) {
      if (presses === maxTabs) {
        const at = await this.session.execute(() =>
          document.activeElement?.outerHTML.slice(0, 120),
        );
        throw new Error(
          `Tab did not reach ${describeTarget(target)} in ${maxTabs} presses; at ${at}`,
        );
      }
      await this.session.pressKeys(KEYS.tab);
    }
    const style = await this.session.execute(() => {
      const { outlineStyle, outlineWidth, boxShadow } = getComputedStyle(document.activeElement!);
      return { outlineStyle, outlineWidth, boxShadow };
    });
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    expect(outline || ring, `no visible focus on ${describeTarget(target)}`).toBe(true);
  }

  /** Types into whatever has the focus. */
  type(text: string): Promise<void> {
    return this.session.pressKeys(text);
  }

  bodyText(): Promise<string> {
    return this.session.execute(() => document.body.innerText);
  }

  lang(): Promise<string> {
    return this.session.execute(() => document.documentElement.lang);
  }

  /** Sets the size of the page itself (the window is the page plus MiniBrowser's slim toolbar). */
  async setViewport({ width, height }: { width: number; height: number }): Promise<void> {
    const inner = () => this.session.execute(() => [innerWidth, innerHeight] as const);
    await this.session.setWindowRect({ width, height });
    // The window resizes a moment after the command answers; the toolbar takes the difference.
    let size = await inner();
    await expect
      .poll(async () => (size = await inner())[0], { timeout: 5000, interval: POLL_MS })
      .toBe(width);
    if (size[1] !== height) {
      await this.session.setWindowRect({ width, height: height + (height - size[1]) });
    }
    await expect.poll(inner, { timeout: 5000, interval: POLL_MS }).toEqual([width, height]);
  }

  async expectAccessible(screen: string): Promise<void> {
    await expectAccessibleInWebKit(this.session, `${screen} (WebKit)`);
  }

  /**
   * Axe at desktop size and at phone width (375 px); nothing may scroll sideways there, nor on
   * the smallest phones still sold (320 px).
   */
  async expectAccessibleAtBothSizes(screen: string): Promise<void> {
    await this.expectAccessible(screen);
    await this.setViewport(MOBILE);
    await this.expectAccessible(`${screen} (375×812)`);
    await this.expectNoSidewaysScroll(screen);
    await this.setViewport(SMALLEST_PHONE);
    await this.expectNoSidewaysScroll(screen);
    await this.setViewport(DESKTOP);
  }

  /** Every visible select is wide enough for the option it shows (layout-checks.ts). */
  async expectSelectsShowTheirText(screen: string): Promise<void> {
    expect(
      await this.session.execute(cutOffSelects),
      `selects cut off on ${screen} (WebKit)`,
    ).toEqual([]);
  }

  private async expectNoSidewaysScroll(screen: string): Promise<void> {
    const overflow = await this.session.execute(sidewaysOverflow);
    expect(
      overflow.scrollWidth,
      `${screen} at ${overflow.width} px scrolls sideways:\n${overflow.wide.join('\n')}`,
    ).toBeLessThanOrEqual(overflow.width);
  }

  /** Saves the visible page under test-results/ (git-ignored); answers the path. */
  async saveScreenshot(name: string): Promise<string> {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const path = join(RESULTS_DIR, `webkit-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`);
    writeFileSync(path, await this.session.screenshot());
    return path;
  }
}
