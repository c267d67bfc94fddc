import { describe, expect, it } from 'vitest';
import { catalogueMedicine, MEDICINE_CATALOGUE } from './medicine-catalogue.ts';

describe('the medicine catalogue', () => {
  it('names each medicine once, by a well-formed ATC code of the fifth level', () => {
    const codes = MEDICINE_CATALOGUE.map((medicine) => medicine.atc);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/);
  });

  it('writes every name in the three languages, the Bulgarian one in Cyrillic', () => {
    for (const { name, strengths, forms } of MEDICINE_CATALOGUE) {
      expect(name.en && name.de && name.bg).toBeTruthy();
      expect(name.bg).toMatch(/^[\u0400-\u04FF]/);
      expect(strengths.length).toBeGreaterThan(0);
      expect(forms.length).toBeGreaterThan(0);
    }
  });

  it('finds an entry by its code, and nothing for free text', () => {
    expect(catalogueMedicine('M01AE01')?.name.de).toBe('Ibuprofen');
    expect(catalogueMedicine('Ibuprofen 400')).toBeUndefined();
  });
});
