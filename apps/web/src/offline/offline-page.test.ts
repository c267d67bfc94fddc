import { describe, expect, it } from 'vitest';
import { LOCALES } from '@vizita/shared/constants';
import { expectNoAxeViolations } from '../test/axe';
import { localizeOfflinePage, OFFLINE_TEXTS, offlineLocale } from './offline-page';
import template from './offline.html?raw';

describe('the offline page’s language', () => {
  it('is the one she chose in the app, whatever the browser says', () => {
    expect(offlineLocale('bg', ['de-DE', 'en'])).toBe('bg');
    expect(offlineLocale('de', [])).toBe('de');
  });

  it('is else the first of the browser’s languages that we speak', () => {
    expect(offlineLocale(null, ['fr-FR', 'de-AT', 'bg'])).toBe('de');
    expect(offlineLocale('xx', ['bg-BG'])).toBe('bg');
  });

  it('is else English', () => {
    expect(offlineLocale(null, ['fr-FR', 'it'])).toBe('en');
    expect(offlineLocale(null, [])).toBe('en');
  });
});

describe('the offline page', () => {
  it('has every text in every language, translated', () => {
    const keys = Object.keys(OFFLINE_TEXTS.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(OFFLINE_TEXTS[locale]).sort(), locale).toEqual(keys);
      for (const [key, value] of Object.entries(OFFLINE_TEXTS[locale]))
        expect(value.trim(), `${locale} ${key}`).not.toBe('');
    }
    expect(OFFLINE_TEXTS.bg.text).not.toBe(OFFLINE_TEXTS.en.text);
    expect(OFFLINE_TEXTS.de.text).not.toBe(OFFLINE_TEXTS.en.text);
  });

  it('names a text of the locales in every placeholder of its HTML, and each once', () => {
    const placeholders = [...template.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    expect(placeholders).toEqual(Object.keys(OFFLINE_TEXTS.en).sort());
  });

  it.each(LOCALES)('reads in %s with its lang, and passes axe', async (locale) => {
    // The page without its script, which this test stands in for.
    document.documentElement.innerHTML = template
      .replace(/^<!doctype html>\s*<html[^>]*>/i, '')
      .replace(/<\/html>\s*$/, '')
      .replace(/<script[^>]*><\/script>/, '');
    localizeOfflinePage(document, locale);
    expect(document.documentElement.lang).toBe(locale);
    expect(document.title).toBe(OFFLINE_TEXTS[locale].pageTitle);
    expect(document.querySelector('h1')?.textContent).toBe(OFFLINE_TEXTS[locale].heading);
    expect(document.querySelector('button')?.textContent).toBe(OFFLINE_TEXTS[locale].tryAgain);
    expect(document.body.textContent).not.toMatch(/{{\w+}}/);
    // Contrast is the browser's to judge: the journey runs axe on this page in Chromium.
    await expectNoAxeViolations();
  });
});
