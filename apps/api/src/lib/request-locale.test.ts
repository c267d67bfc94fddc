import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './request-locale.ts';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['bg', 'bg'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,bg;q=0.5', 'bg'],
    ['en;q=0.2,de;q=0.7', 'de'],
    ['de;q=0', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
