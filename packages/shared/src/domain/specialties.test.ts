import { describe, expect, it } from 'vitest';
import { SPECIALTY_CODES, specialtyName } from './specialties.ts';

describe('specialty catalogue', () => {
  it('names a specialty in the reader language', () => {
    expect(specialtyName('cardiology', 'de')).toBe('Kardiologie');
    expect(specialtyName('cardiology', 'bg')).toBe('Кардиология');
    expect(specialtyName('cardiology', 'en')).toBe('Cardiology');
  });

  it('uses kebab-case codes that the migration derives from the old English names', () => {
    for (const code of SPECIALTY_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(SPECIALTY_CODES).toContain('internal-medicine');
    expect(SPECIALTY_CODES).toContain('general-practice');
  });

  it('shows an unknown code as it is rather than failing', () => {
    expect(specialtyName('space-medicine', 'en')).toBe('space-medicine');
  });
});
