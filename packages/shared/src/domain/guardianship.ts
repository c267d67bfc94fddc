import { zonedDateAndSlot } from './zoned-time.ts';

// Who may act for a dependant of an account (issue #22, ADR 0043): the one age policy of the
// product. A child is managed by the account holder until the age of majority; from that
// birthday on, the child decides their own care, so the holder may no longer book for them and
// may hand the record over to an account of their own. An adult in care (someone the holder has
// the right to act for) is managed for as long as that right lasts, and may be handed over at
// any time. After a hand-over the holder has no access at all.

/** The people an account holder may add: their children, and adults they have the right to act for. */
export const DEPENDANT_RELATIONSHIPS = ['child', 'adult_in_care'] as const;
export type DependantRelationship = (typeof DEPENDANT_RELATIONSHIPS)[number];

export type GuardianshipPolicy = {
  /** 18 in Bulgaria (Persons and Family Act, art. 2) and in Germany (§ 2 BGB). */
  ageOfMajority: number;
};

export const GUARDIANSHIP_POLICY: GuardianshipPolicy = { ageOfMajority: 18 };

/**
 * Where a dependant's birthday is counted: the zone of their market, since a person comes of age
 * at the start of the birthday where they live, not at midnight UTC.
 */
export const MARKET_TIME_ZONES = { BG: 'Europe/Sofia', DE: 'Europe/Berlin' } as const;

/**
 * Whole years between a birth date and a day (both YYYY-MM-DD). A child born on 29 February has
 * their birthday on 1 March in common years (the day after 28 February ends, as § 188 (3) BGB
 * counts a year), so comparing month and day as text is exactly the rule.
 */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** The calendar day of `now` in `timeZone` (YYYY-MM-DD). */
export const dayIn = (now: Date, timeZone: string) => zonedDateAndSlot(now, timeZone).date;

/**
 * - `minor`: a child under the age of majority — the holder books, reads and acts for them.
 * - `of_age`: a child who came of age — the holder keeps reading what exists, books nothing
 *   new, and may hand the record over.
 * - `in_care`: an adult in care — managed by the holder, may be handed over.
 * - `handed_over`: the person has their own account; the holder has no access left.
 */
export type GuardianshipState = 'minor' | 'of_age' | 'in_care' | 'handed_over';

export type Guardianship = {
  state: GuardianshipState;
  /** Whole years on today's date in the dependant's market. */
  age: number;
  holderMayBook: boolean;
  holderMayRead: boolean;
  mayHandOver: boolean;
};

/** What the account holder may do for a dependant at `now`, under `policy`. */
export function guardianship(
  dependant: {
    relationship: DependantRelationship;
    birthDate: string;
    country: keyof typeof MARKET_TIME_ZONES;
    handedOverAt: Date | null;
  },
  now: Date,
  policy: GuardianshipPolicy = GUARDIANSHIP_POLICY,
): Guardianship {
  const age = ageOn(dependant.birthDate, dayIn(now, MARKET_TIME_ZONES[dependant.country]));
  if (dependant.handedOverAt)
    return {
      state: 'handed_over',
      age,
      holderMayBook: false,
      holderMayRead: false,
      mayHandOver: false,
    };
  if (dependant.relationship === 'adult_in_care')
    return { state: 'in_care', age, holderMayBook: true, holderMayRead: true, mayHandOver: true };
  if (age < policy.ageOfMajority)
    return { state: 'minor', age, holderMayBook: true, holderMayRead: true, mayHandOver: false };
  return { state: 'of_age', age, holderMayBook: false, holderMayRead: true, mayHandOver: true };
}
