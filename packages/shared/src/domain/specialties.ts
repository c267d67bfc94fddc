import type { Locale } from '../constants.ts';

/**
 * The specialty catalogue: doctors carry codes, and every screen, mail and receipt shows the name
 * in the reader's language (a German patient reads "Kardiologie", not "Cardiology"). Names follow
 * the German Weiterbildungsordnung and the Bulgarian list of medical specialties.
 */
export const SPECIALTIES = {
  'general-practice': { en: 'General Practice', bg: 'Обща медицина', de: 'Allgemeinmedizin' },
  'internal-medicine': { en: 'Internal Medicine', bg: 'Вътрешни болести', de: 'Innere Medizin' },
  cardiology: { en: 'Cardiology', bg: 'Кардиология', de: 'Kardiologie' },
  pediatrics: { en: 'Pediatrics', bg: 'Педиатрия', de: 'Kinder- und Jugendmedizin' },
  dermatology: { en: 'Dermatology', bg: 'Кожни и венерически болести', de: 'Dermatologie' },
  psychiatry: { en: 'Psychiatry', bg: 'Психиатрия', de: 'Psychiatrie' },
  psychotherapy: { en: 'Psychotherapy', bg: 'Психотерапия', de: 'Psychotherapie' },
  neurology: { en: 'Neurology', bg: 'Неврология', de: 'Neurologie' },
  gynecology: {
    en: 'Obstetrics and Gynecology',
    bg: 'Акушерство и гинекология',
    de: 'Frauenheilkunde und Geburtshilfe',
  },
  orthopedics: { en: 'Orthopedics', bg: 'Ортопедия и травматология', de: 'Orthopädie' },
  endocrinology: { en: 'Endocrinology', bg: 'Ендокринология', de: 'Endokrinologie' },
  gastroenterology: { en: 'Gastroenterology', bg: 'Гастроентерология', de: 'Gastroenterologie' },
  pulmonology: { en: 'Pulmonology', bg: 'Пневмология и фтизиатрия', de: 'Pneumologie' },
  ent: { en: 'Otorhinolaryngology (ENT)', bg: 'Ушно-носно-гърлени болести', de: 'HNO-Heilkunde' },
  ophthalmology: { en: 'Ophthalmology', bg: 'Очни болести', de: 'Augenheilkunde' },
  urology: { en: 'Urology', bg: 'Урология', de: 'Urologie' },
  allergology: { en: 'Allergology', bg: 'Клинична алергология', de: 'Allergologie' },
} as const satisfies Record<string, Record<Locale, string>>;

export type SpecialtyCode = keyof typeof SPECIALTIES;
export const SPECIALTY_CODES = Object.keys(SPECIALTIES) as SpecialtyCode[];

export const isSpecialtyCode = (code: string): code is SpecialtyCode =>
  Object.hasOwn(SPECIALTIES, code);

/** The specialty's name in a language; an unknown code (an old row) is shown as it is. */
export function specialtyName(code: string, locale: Locale): string {
  return isSpecialtyCode(code) ? SPECIALTIES[code][locale] : code;
}
