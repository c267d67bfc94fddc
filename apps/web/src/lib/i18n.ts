import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@vizita/shared/constants';
import {
  VALIDATION_MESSAGES_EN,
  type ValidationMessageKey,
} from '@vizita/shared/messages/validation';
import { setRequestLocale } from './api-client';
import { en, type Resources } from '../locales/en';

// English is bundled into the entry as the fallback; Bulgarian and German are bundled too, each
// in its own chunk, fetched only by those who use them (no HTTP backend, no runtime JSON).
const otherLanguages: Record<Exclude<Locale, 'en'>, () => Promise<Resources>> = {
  bg: async () => (await import('../locales/bg')).bg,
  de: async () => (await import('../locales/de')).de,
};

export type Namespace = keyof typeof en;
export const NAMESPACES = Object.keys(en) as Namespace[];

/** Every language's resources, loaded; for tests that compare them. */
export async function loadAllResources(): Promise<Record<Locale, Resources>> {
  return { en, bg: await otherLanguages.bg(), de: await otherLanguages.de() };
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    // Storage can be unavailable (privacy modes); the default language still works.
    return DEFAULT_LOCALE;
  }
}

function applyLocale(locale: string): void {
  document.documentElement.lang = locale;
  setRequestLocale(locale);
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (locale === 'en' || i18next.hasResourceBundle(locale, 'common')) return;
  const bundles = await otherLanguages[locale]();
  for (const [ns, bundle] of Object.entries(bundles)) {
    i18next.addResourceBundle(locale, ns, bundle, true, true);
  }
}

/**
 * Initialises i18next once and switches to the stored language (spec §1: default and fallback
 * en). Resolves when that language is ready, so the first paint is already in it.
 */
export async function initI18n(locale: Locale = storedLocale()): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { en },
      partialBundledLanguages: true,
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
      showSupportNotice: false,
    });
    i18next.on('languageChanged', applyLocale);
  }
  try {
    await ensureLoaded(locale);
    await i18next.changeLanguage(locale);
  } catch (error) {
    // A language chunk that cannot be fetched must not keep the app from starting: English.
    console.warn('Language not loaded:', error instanceof Error ? error.message : error);
    await i18next.changeLanguage(DEFAULT_LOCALE);
  }
  applyLocale(i18next.language);
}

/** Switches the interface language and remembers it under the `locale` key (spec §1). */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered across visits, but the switch itself worked.
  }
}

function isValidationKey(key: string): key is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES_EN, key);
}

/**
 * Schema messages and the API's field error codes are validation keys; this translates one,
 * falling back to a generic text for a key we do not know (for example one of zod's own).
 */
export function useValidationMessage() {
  const { t } = useTranslation('validation');
  return useCallback(
    (key: string | undefined): string | undefined =>
      key === undefined ? undefined : t(isValidationKey(key) ? key : 'invalidValue'),
    [t],
  );
}
