import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '@vizita/shared/domain/legal';
import bg from './bg.json';
import de from './de.json';
import en from './en.json';

// The legal texts (ADR 0024): the same documents and sections in every language, plain text, and
// only placeholders the operator's configuration fills.

const PLACEHOLDERS = new Set([
  'name',
  'address',
  'email',
  'phone',
  'representative',
  'dataProtectionOfficer',
  'register',
  'taxId',
  'vatId',
  'supervisoryAuthority',
  'version',
]);
const texts = { en, bg, de };

describe('legal texts', () => {
  it('have the same documents and sections in every language', () => {
    const shape = (t: typeof en) =>
      LEGAL_PAGES.map((page) => [page, t[page].sections.map((s) => s.id)]);
    expect(shape(bg)).toEqual(shape(en));
    expect(shape(de)).toEqual(shape(en));
  });

  it.each(Object.entries(texts))('in %s are plain text with known placeholders only', (_lng, t) => {
    for (const page of LEGAL_PAGES) {
      const strings = [
        t[page].title,
        t[page].intro,
        ...t[page].sections.flatMap((s) => [s.heading, ...s.paragraphs]),
      ];
      for (const text of strings) {
        expect(text.trim(), `${page}: empty text`).not.toBe('');
        expect(text, `${page}: markup in "${text}"`).not.toMatch(/<[a-z/]/i);
        for (const [, key] of text.matchAll(/\{\{(\w*)\}\}/g))
          expect(PLACEHOLDERS, `${page}: unknown placeholder ${key}`).toContain(key);
        expect(text.replace(/\{\{\w+\}\}/g, ''), `${page}: broken braces`).not.toMatch(/[{}]/);
      }
    }
  });

  it('name the operator, its representative and data-protection officer where the law asks', () => {
    for (const t of Object.values(texts)) {
      const all = (page: 'imprint' | 'privacy') => JSON.stringify(t[page]);
      for (const key of ['name', 'address', 'email', 'phone', 'representative'])
        expect(all('imprint')).toContain(`{{${key}}}`);
      for (const key of ['name', 'dataProtectionOfficer', 'version'])
        expect(all('privacy')).toContain(`{{${key}}}`);
    }
  });
});
