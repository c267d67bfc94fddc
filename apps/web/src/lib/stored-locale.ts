import { isLocale, LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale } from '@vizita/shared/constants';

/**
 * The language the person chose, kept under `locale` (spec §1); null when none is kept or storage
 * is unavailable (privacy modes). No i18next here: the offline page reads it too.
 */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Keeps the person's choice of language: under `locale` for the app (spec §1), and in a cookie for
 * the server, which sends the prerendered pages (ADR 0061) and writes the answers it puts into a
 * page (ADR 0056) in that language.
 */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered across visits, but the switch itself worked.
  }
  tellServerLocale(locale);
}

/** Tells the server the app's language (the cookie only), for a choice kept before the cookie. */
export function tellServerLocale(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
