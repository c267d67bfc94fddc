import type { Doctor } from '@vizita/shared/contracts/doctors';
import type { SpecialtyCode } from '@vizita/shared/domain/specialties';
import { jsonForScript } from '../../lib/html.ts';

// Our catalogue's specialties as schema.org's MedicalSpecialty enumeration names them, where it
// has one (it has none for internal medicine, psychotherapy, ophthalmology or allergology).
const SCHEMA_ORG_SPECIALTY: Partial<Record<SpecialtyCode, string[]>> = {
  'general-practice': ['PrimaryCare'],
  cardiology: ['Cardiovascular'],
  pediatrics: ['Pediatric'],
  dermatology: ['Dermatology'],
  psychiatry: ['Psychiatric'],
  neurology: ['Neurologic'],
  gynecology: ['Gynecologic', 'Obstetric'],
  orthopedics: ['Musculoskeletal'],
  endocrinology: ['Endocrine'],
  gastroenterology: ['Gastroenterologic'],
  pulmonology: ['Pulmonary'],
  ent: ['Otolaryngologic'],
  urology: ['Urologic'],
};

/**
 * A doctor's page as schema.org's Physician (https://schema.org/Physician), for search engines:
 * what the page shows and nothing more — no e-mail, no internal id.
 */
export function physicianJsonLd(
  doctor: Doctor,
  { url, photoUrl, specialtyNames }: { url: string; photoUrl?: string; specialtyNames: string[] },
) {
  const specialties = doctor.specialties.flatMap(
    (code) => SCHEMA_ORG_SPECIALTY[code as SpecialtyCode] ?? [],
  );
  return jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'Physician',
    '@id': `${url}#physician`,
    name: doctor.name,
    url,
    ...(photoUrl ? { image: photoUrl } : {}),
    ...(doctor.bio ? { description: doctor.bio } : {}),
    ...(specialties.length > 0
      ? { medicalSpecialty: specialties.map((s) => `https://schema.org/${s}`) }
      : {}),
    // The catalogue's names too: the enumeration lacks some, and people search by these words.
    knowsAbout: specialtyNames,
    knowsLanguage: doctor.languages,
    ...(doctor.country
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(doctor.city ? { addressLocality: doctor.city } : {}),
            addressCountry: doctor.country,
          },
        }
      : {}),
    priceRange: `${(doctor.fee.amountMinor / 100).toFixed(2)} ${doctor.fee.currency}`,
    currenciesAccepted: doctor.fee.currency,
    isAcceptingNewPatients: true,
  });
}
