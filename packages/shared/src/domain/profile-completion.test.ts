import { describe, expect, it } from 'vitest';
import { isProfileComplete, profileCompletionPercentage } from './profile-completion.ts';

const full = {
  fullName: 'Maria Ivanova',
  email: 'maria@example.bg',
  gender: 'female',
  birthday: '1990-04-12',
  address: { street: 'Vitosha 1', city: 'Sofia', countryCode: 'BG' },
};

describe('profile completion', () => {
  it('is complete with gender, birthday and address, at exactly 100%', () => {
    expect(isProfileComplete(full)).toBe(true);
    expect(profileCompletionPercentage(full)).toBe(100);
  });

  it('never exceeds 100% and counts a fresh account as 40%', () => {
    expect(
      profileCompletionPercentage({ fullName: 'Maria Ivanova', email: 'maria@example.bg' }),
    ).toBe(40);
  });

  it('needs street, city and country for an address', () => {
    const partial = { ...full, address: { street: 'Vitosha 1', city: ' ', countryCode: 'BG' } };
    expect(isProfileComplete(partial)).toBe(false);
    expect(profileCompletionPercentage(partial)).toBe(80);
  });

  it('is incomplete without a gender or a birthday', () => {
    expect(isProfileComplete({ ...full, gender: null })).toBe(false);
    expect(isProfileComplete({ ...full, birthday: '' })).toBe(false);
  });
});
