// Enumerations of spec §3, in the spec's order.

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** "state (also called public) or private" — `public` is accepted as an alias of `state`. */
export const INSURANCE_TYPES = ['state', 'private'] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];

/** Countries offered by the complete-profile form. */
export const COUNTRY_OPTIONS = [
  { code: 'BG', name: 'Bulgaria' },
  { code: 'DE', name: 'Germany' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'IT', name: 'Italy' },
  { code: 'ES', name: 'Spain' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'AT', name: 'Austria' },
  { code: 'CH', name: 'Switzerland' },
] as const;
export type CountryCode = (typeof COUNTRY_OPTIONS)[number]['code'];
export const COUNTRY_CODES = COUNTRY_OPTIONS.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/** The two markets: the edit-profile screen and the booking payment offer only these. */
export const MARKET_COUNTRY_CODES = ['BG', 'DE'] as const;
export type MarketCountryCode = (typeof MARKET_COUNTRY_CODES)[number];

export const STATE_INSURERS = [
  'AOK Baden-Württemberg',
  'AOK Bayern',
  'AOK Nordost',
  'Barmer',
  'TK (Techniker Krankenkasse)',
  'DAK-Gesundheit',
  'IKK classic',
] as const;

export const PRIVATE_INSURERS = [
  'Allianz Private Krankenversicherung',
  'AXA Krankenversicherung',
  'Barmenia',
  'DEBEKA',
  'DKV Deutsche Krankenversicherung',
  'Generali Deutschland',
  'HUK-COBURG',
] as const;

/** The insurer list depends on the insurance type (spec §5). */
export function insurersFor(type: InsuranceType): readonly string[] {
  return type === 'state' ? STATE_INSURERS : PRIVATE_INSURERS;
}

export function countryName(code: string): string | undefined {
  return COUNTRY_OPTIONS.find((c) => c.code === code)?.name;
}
