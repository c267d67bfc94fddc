import type { Profile } from '@vizita/shared/contracts/profile';
import type { CountryCode, Gender, InsuranceType } from '@vizita/shared/domain/profile-options';

// Labels of the health profile, shared by the profile pages, the doctor's view of a patient and the
// data export. Keys of the `medical` namespace, written out as literals the locale tests can find.

export const GENDER_KEYS = {
  male: 'genders.male',
  female: 'genders.female',
  other: 'genders.other',
} as const satisfies Record<Gender, string>;

export const INSURANCE_TYPE_KEYS = {
  state: 'insuranceTypes.state',
  private: 'insuranceTypes.private',
} as const satisfies Record<InsuranceType, string>;

/** Country names are translated; the codes and their order are the spec's (§3). */
export const COUNTRY_KEYS = {
  BG: 'countries.BG',
  DE: 'countries.DE',
  US: 'countries.US',
  GB: 'countries.GB',
  FR: 'countries.FR',
  IT: 'countries.IT',
  ES: 'countries.ES',
  NL: 'countries.NL',
  AT: 'countries.AT',
  CH: 'countries.CH',
} as const satisfies Record<CountryCode, string>;

export function isCountryCode(code: string): code is CountryCode {
  return Object.hasOwn(COUNTRY_KEYS, code);
}

/**
 * The address on one line, in the order of both markets ("bul. Vitosha 12, 1000 Sofia,
 * Bulgaria"); null when nothing of it is known. `country` is the translated country name.
 */
export function addressLine(address: Profile['address'], country: string | null): string | null {
  if (!address) return null;
  const street = [address.street, address.number].filter(Boolean).join(' ');
  const place = [address.postCode, address.city].filter(Boolean).join(' ');
  const parts = [street, place, country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
