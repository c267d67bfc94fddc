import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vizita/shared/constants';
import { specialtyName } from '@vizita/shared/domain/specialties';

const asLocale = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;

/**
 * Names specialty codes in the interface language: a German patient reads "Kardiologie".
 * The catalogue lives in shared, so the server's mails and invoices say the same.
 */
export function useSpecialtyNames(): (codes: readonly string[]) => string {
  const { i18n } = useTranslation();
  const locale = asLocale(i18n.language);
  return (codes) => codes.map((code) => specialtyName(code, locale)).join(', ');
}

/** A language's own name in the interface language ("Bulgarian", "Bulgarisch", "български"). */
export function useLanguageNames(): (codes: readonly string[]) => string {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  return (codes) => codes.map((code) => names.of(code) ?? code).join(', ');
}
