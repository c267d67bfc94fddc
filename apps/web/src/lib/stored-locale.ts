import { isLocale, LOCALE_STORAGE_KEY, type Locale } from '@vizita/shared/constants';

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
