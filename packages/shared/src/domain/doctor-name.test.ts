import { describe, expect, it } from 'vitest';
import { doctorDisplayName } from './doctor-name.ts';

describe('doctorDisplayName', () => {
  it('puts the title before the first and last name', () => {
    expect(doctorDisplayName({ title: 'Prof. Dr.', firstName: 'Anna', lastName: 'Petrova' })).toBe(
      'Prof. Dr. Anna Petrova',
    );
  });

  it('leaves out a missing title instead of printing a gap or "null"', () => {
    expect(doctorDisplayName({ title: null, firstName: 'Anna', lastName: 'Petrova' })).toBe(
      'Anna Petrova',
    );
    expect(doctorDisplayName({ firstName: 'Anna', lastName: 'Petrova' })).toBe('Anna Petrova');
  });

  it('shows the default title a caller passes for a doctor without a profile', () => {
    const title: string | null = null;
    expect(
      doctorDisplayName({ title: title ?? 'Dr.', firstName: 'Anna', lastName: 'Petrova' }),
    ).toBe('Dr. Anna Petrova');
  });
});
