/** What the completion rules look at. */
export type CompletionFacts = {
  fullName?: string | null | undefined;
  email?: string | null | undefined;
  gender?: string | null | undefined;
  birthday?: string | null | undefined;
  /** Street, city and country are what make an address usable. */
  address?:
    | { street?: string | null; city?: string | null; countryCode?: string | null }
    | null
    | undefined;
};

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;
const hasAddress = (a: CompletionFacts['address']) =>
  !!a && present(a.street) && present(a.city) && present(a.countryCode);

/** Spec §4's server rule: the profile is complete when gender, birthday and address are present. */
export function isProfileComplete(facts: CompletionFacts): boolean {
  return present(facts.gender) && present(facts.birthday) && hasAddress(facts.address);
}

/**
 * Share of the five profile facts present, 0–100. The spec's client divides five facts by four and
 * can pass 100% (spec §4); we divide by five (ADR 0008).
 */
export function profileCompletionPercentage(facts: CompletionFacts): number {
  const checks = [
    present(facts.fullName),
    present(facts.email),
    present(facts.gender),
    present(facts.birthday),
    hasAddress(facts.address),
  ];
  return Math.round((checks.filter(Boolean).length / checks.length) * 100);
}
