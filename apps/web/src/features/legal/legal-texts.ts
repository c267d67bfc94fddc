import type { Locale } from '@vizita/shared/constants';
import type { LegalOperator } from '@vizita/shared/contracts/legal';
import type { LegalPage } from '@vizita/shared/domain/legal';

/** A legal document as src/legal/<lng>.json holds it: sections of plain paragraphs. */
export interface LegalDocumentText {
  title: string;
  intro: string;
  sections: { id: string; heading: string; paragraphs: string[] }[];
}
export type LegalTexts = Record<LegalPage, LegalDocumentText>;

// Each language's texts are their own chunk: only a reader of a legal page downloads them.
const loaders: Record<Locale, () => Promise<{ default: LegalTexts }>> = {
  en: () => import('../../legal/en.json'),
  bg: () => import('../../legal/bg.json'),
  de: () => import('../../legal/de.json'),
};
const loaded = new Map<Locale, Promise<LegalTexts>>();

/** The legal texts in a language, fetched once (the promise is what React's `use` reads). */
export function legalTexts(locale: Locale): Promise<LegalTexts> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = loaders[locale]().then((module) => module.default);
    loaded.set(locale, texts);
  }
  return texts;
}

/** What `{{placeholder}}` may name in the texts: the operator's details and the version. */
export type LegalValues = Omit<LegalOperator, 'address' | 'versions' | 'country'> & {
  address: string;
  version: string;
};

export function legalValues(operator: LegalOperator, version: string): LegalValues {
  const { address, versions: _versions, country: _country, ...rest } = operator;
  return { ...rest, address: address.join(', '), version };
}

/**
 * A paragraph with its placeholders filled; null when one names a detail the operator has not
 * given (the register, a VAT id, the chamber): that paragraph is left out, not shown half empty.
 */
export function fillParagraph(text: string, values: LegalValues): string | null {
  let missing = false;
  const filled = text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = (values as Record<string, string | null | undefined>)[key];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

/** Each legal page's name, as a key of the `legal` namespace. */
export const PAGE_NAME_KEYS = {
  imprint: 'pages.imprint',
  privacy: 'pages.privacy',
  terms: 'pages.terms',
} as const;
