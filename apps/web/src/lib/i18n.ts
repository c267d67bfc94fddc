import i18next, { type InitOptions } from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@vizita/shared/constants';
import { nextTask } from './next-task';
import { rememberLocale, storedLocale, tellServerLocale } from './stored-locale';
import type { ValidationMessageKey } from '@vizita/shared/messages/validation';
import { setRequestLocale } from './api-client';
import type { en, Resources } from '../locales/en';

// Each language comes in two parts, each its own chunk (no HTTP backend, no runtime JSON): what
// the first page needs — fetched before the first paint, English too, so that the entry carries
// no language a visitor does not read — and what the signed-in screens need, fetched by the
// signed-in routes. So `/` stays within its 150 KB budget in every language (ADR 0010).
type Part = 'firstPage' | 'signedIn';
const bundles: Record<Part, Record<Locale, () => Promise<Partial<Resources>>>> = {
  firstPage: {
    en: async () => (await import('../locales/en-first-page')).enFirstPage,
    bg: async () => (await import('../locales/bg-first-page')).bgFirstPage,
    de: async () => (await import('../locales/de-first-page')).deFirstPage,
  },
  signedIn: {
    en: async () => (await import('../locales/en-signed-in')).enSignedIn,
    bg: async () => (await import('../locales/bg-signed-in')).bgSignedIn,
    de: async () => (await import('../locales/de-signed-in')).deSignedIn,
  },
};
/** The namespaces of the first part (the first page's). */
const FIRST_PAGE_NAMESPACES = ['common', 'navigation', 'auth', 'medical', 'language', 'validation'];

/** A namespace of each part, to tell whether the part is loaded. */
const PART_MARKER: Record<Part, Namespace> = { firstPage: 'auth', signedIn: 'profile' };

export type Namespace = keyof typeof en;

/** Every language's resources, both parts; for tests that compare them. */
export async function loadAllResources(): Promise<Record<Locale, Resources>> {
  const whole = async (locale: Locale) =>
    ({
      ...(await bundles.firstPage[locale]()),
      ...(await bundles.signedIn[locale]()),
    }) as Resources;
  return { en: await whole('en'), bg: await whole('bg'), de: await whole('de') };
}

/**
 * The texts the app holds as a page first renders in `locale`: the first page's part, and on a
 * signed-in page the signed-in part too, with English's beside it as the fallback
 * (loadSignedInTranslations). The build renders its pages in each language with exactly these
 * (src/prerender, ADR 0061), so that the app's first render is the same page.
 */
export async function textsAtFirstRender(
  locale: Locale,
  signedIn: boolean,
): Promise<Partial<Record<Locale, Partial<Resources>>>> {
  const firstPage = await bundles.firstPage[locale]();
  if (!signedIn) return { [locale]: firstPage };
  const texts = { [locale]: { ...firstPage, ...(await bundles.signedIn[locale]()) } };
  if (locale === DEFAULT_LOCALE) return texts;
  return { ...texts, [DEFAULT_LOCALE]: await bundles.signedIn[DEFAULT_LOCALE]() };
}

function applyLocale(locale: string): void {
  document.documentElement.lang = locale;
  setRequestLocale(locale);
}

/** Adds one part of a language once. */
async function ensureLoaded(locale: Locale, part: Part): Promise<void> {
  if (i18next.hasResourceBundle(locale, PART_MARKER[part])) return;
  const resources = await bundles[part][locale]();
  for (const [ns, bundle] of Object.entries(resources)) {
    // A namespace new to the language is added without merging: a deep merge into nothing walked
    // every text of the signed-in part on the main thread as a page opened (ADR 0048).
    const deep = i18next.hasResourceBundle(locale, ns);
    i18next.addResourceBundle(locale, ns, bundle, deep, true);
  }
}

/** How i18next is set up: here, and for the welcome page the build renders (src/prerender). */
export const I18N_OPTIONS = {
  partialBundledLanguages: true,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: FIRST_PAGE_NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  showSupportNotice: false,
} satisfies InitOptions;

let setUpOnce: Promise<void> | undefined;
/** i18next's own set-up, once. */
function setUp(): Promise<void> {
  setUpOnce ??= nextTask().then(async () => {
    await i18next.use(initReactI18next).init({ ...I18N_OPTIONS, resources: {} });
    i18next.on('languageChanged', applyLocale);
  });
  return setUpOnce;
}

let markLanguageReady!: () => void;
/** Settles once the first initI18n has initialised i18next and chosen the language. */
const languageReady = new Promise<void>((resolve) => (markLanguageReady = resolve));

/**
 * Initialises i18next once and switches to the stored language (spec §1: default and fallback
 * en). Resolves when that language is ready, so the first paint is already in it.
 */
export async function initI18n(locale: Locale = storedLocale() ?? DEFAULT_LOCALE): Promise<void> {
  // A choice kept before the server was told of it (the cookie came later) is told now.
  const chosen = storedLocale();
  if (chosen) tellServerLocale(chosen);
  // The texts are on their way while i18next is set up, in a task after the caller's: at the
  // app's start, after the entry's evaluation (main.tsx).
  bundles.firstPage[locale]().catch(() => {});
  await setUp();
  try {
    // The first page's texts; the signed-in routes load the rest.
    await ensureLoaded(locale, 'firstPage');
    await i18next.changeLanguage(locale);
  } catch (error) {
    // A language chunk that cannot be fetched must not keep the app from starting: English.
    console.warn('Language not loaded:', error instanceof Error ? error.message : error);
    await ensureLoaded(DEFAULT_LOCALE, 'firstPage').catch(() => {});
    await i18next.changeLanguage(DEFAULT_LOCALE);
  }
  applyLocale(i18next.language);
  markLanguageReady();
}

/**
 * The whole current language, which the signed-in screens need: the entry has only the English of
 * the first page. The signed-in routes wait for it (src/app/guards.tsx).
 */
export async function loadSignedInTranslations(): Promise<void> {
  // The download starts at once, for the language initI18n is choosing (and the English fallback):
  // waiting for the first part before asking for this one cost a round trip before a signed-in
  // page's first paint. Only the request is early; a failure is handled below, as before.
  for (const locale of new Set([storedLocale() ?? DEFAULT_LOCALE, DEFAULT_LOCALE]))
    bundles.signedIn[locale]().catch(() => {});
  // The router runs its loaders as soon as it exists, which can be before main.tsx's initI18n.
  await languageReady;
  const locale = isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
  await ensureLoaded(locale, 'signedIn');
  // English is the fallback for any key a translation lacks.
  if (locale !== DEFAULT_LOCALE) await ensureLoaded(DEFAULT_LOCALE, 'signedIn');
}

/** Switches the interface language and remembers it under the `locale` key (spec §1). */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale, 'firstPage');
  // A signed-in screen switching language needs the rest of it too.
  if (i18next.hasResourceBundle(i18next.language, PART_MARKER.signedIn))
    await ensureLoaded(locale, 'signedIn');
  await i18next.changeLanguage(locale);
  rememberLocale(locale);
}

function isValidationKey(key: string): key is ValidationMessageKey {
  return i18next.exists(key, { ns: 'validation' });
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
