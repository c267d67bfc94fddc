import { DEFAULT_LOCALE, isLocale, type Locale } from '@vizita/shared/constants';
import bg from '../locales/bg/offline.json';
import de from '../locales/de/offline.json';
import en from '../locales/en/offline.json';

// The offline page (/offline.html) lives outside the React app: the service worker answers a
// page with it when there is no network, so it must work from its own two cached files. Its
// texts are the locales' like every other screen's; the build writes the English into the HTML
// (build/pwa-plugin.ts) and this script switches to the person's language.

export type OfflineTexts = typeof en;
export const OFFLINE_TEXTS: Record<Locale, OfflineTexts> = { en, bg, de };

/**
 * The language the person chose in the app (src/lib/i18n.ts keeps it under `locale`), else the
 * first of the browser's languages that we speak, else English.
 */
export function offlineLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = tag.split('-')[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** Writes the language's texts into every `[data-text]` element and the page's `lang`. */
export function localizeOfflinePage(doc: Document, locale: Locale): void {
  const texts = OFFLINE_TEXTS[locale];
  doc.documentElement.lang = locale;
  for (const element of doc.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset.text as keyof OfflineTexts;
    if (key in texts) element.textContent = texts[key];
  }
  doc.title = texts.pageTitle;
}
