import type { Locale } from '@vizita/shared/constants';

/**
 * Each interface language named in itself, whatever the screen's language: a Bulgarian who lands
 * on the English page looks for "Български", not "Bulgarian" (issue #22). Shown with its `lang`
 * attribute, so a screen reader pronounces it in that language.
 */
export const LOCALE_ENDONYMS = {
  en: 'English',
  bg: 'Български',
  de: 'Deutsch',
} as const satisfies Record<Locale, string>;
