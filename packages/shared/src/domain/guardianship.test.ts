import { describe, expect, it } from 'vitest';
import { ageOn, guardianship } from './guardianship.ts';

const child = (birthDate: string, country: 'BG' | 'DE' = 'BG') => ({
  relationship: 'child' as const,
  birthDate,
  country,
  handedOverAt: null,
});

describe('the age of a dependant', () => {
  it('counts whole years, a birthday completing the year', () => {
    expect(ageOn('2019-05-10', '2026-05-09')).toBe(6);
    expect(ageOn('2019-05-10', '2026-05-10')).toBe(7);
  });

  it('gives a leap-day child their birthday on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2012-02-29', '2028-02-28')).toBe(15);
    expect(ageOn('2012-02-29', '2028-02-29')).toBe(16);
  });
});

describe('who may act for a child at the 18th birthday', () => {
  // Born 2008-06-15 in Sofia: 18 from 2026-06-15 00:00 Sofia time (21:00 UTC the day before).
  const maria = child('2008-06-15');

  it('keeps her a minor until the last second before her birthday in Sofia', () => {
    const g = guardianship(maria, new Date('2026-06-14T20:59:59Z'));
    expect(g).toEqual({
      state: 'minor',
      age: 17,
      holderMayBook: true,
      holderMayRead: true,
      mayHandOver: false,
    });
  });

  it('makes her of age at midnight of her birthday: no new bookings, the record may be handed over', () => {
    const g = guardianship(maria, new Date('2026-06-14T21:00:00Z'));
    expect(g).toEqual({
      state: 'of_age',
      age: 18,
      holderMayBook: false,
      holderMayRead: true,
      mayHandOver: true,
    });
  });

  it('counts the birthday in Berlin for a child of the German market (an hour later than Sofia)', () => {
    const jonas = child('2008-06-15', 'DE');
    expect(guardianship(jonas, new Date('2026-06-14T21:30:00Z')).state).toBe('minor');
    expect(guardianship(jonas, new Date('2026-06-14T22:00:00Z')).state).toBe('of_age');
  });

  it('comes of age for a leap-day child on 1 March of a common year', () => {
    const leap = child('2008-02-29');
    expect(guardianship(leap, new Date('2026-02-28T21:59:59Z')).state).toBe('minor');
    expect(guardianship(leap, new Date('2026-02-28T22:00:00Z')).state).toBe('of_age');
  });

  it('takes the age of majority from the policy', () => {
    const at = new Date('2026-06-14T21:00:00Z');
    expect(guardianship(maria, at, { ageOfMajority: 19 }).state).toBe('minor');
    expect(guardianship(maria, at, { ageOfMajority: 16 }).state).toBe('of_age');
  });
});

describe('adults in care and handed-over records', () => {
  it('lets the holder act for an adult in care, who may be handed over at any time', () => {
    const g = guardianship(
      { relationship: 'adult_in_care', birthDate: '1950-01-01', country: 'DE', handedOverAt: null },
      new Date('2026-06-01T10:00:00Z'),
    );
    expect(g).toMatchObject({ state: 'in_care', holderMayBook: true, mayHandOver: true });
  });

  it('leaves the holder nothing once the record is handed over', () => {
    const g = guardianship(
      { ...child('2008-06-15'), handedOverAt: new Date('2026-07-01T10:00:00Z') },
      new Date('2026-07-02T10:00:00Z'),
    );
    expect(g).toMatchObject({
      state: 'handed_over',
      holderMayBook: false,
      holderMayRead: false,
      mayHandOver: false,
    });
  });
});
