import type { Organization, Patient } from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import type { Config } from '../../../config.ts';
import {
  IDENTIFIER_SYSTEMS,
  insuranceIdentifier,
  nationalIdentifier,
} from './identifier-systems.ts';
import { fhirId } from './references.ts';

export type Clinic = Pick<Config['clinic'], 'name' | 'address' | 'email' | 'phone' | 'country'>;

/** The patient: the account and the health profile, with the national and insurance numbers. */
export function patientResource(data: DataExport, clinicName: string): Patient {
  const { account, profile } = data;
  const street = [profile?.street, profile?.streetNumber].filter(Boolean).join(' ');
  const address = profile && (street || profile.city || profile.postCode || profile.countryCode);
  return {
    resourceType: 'Patient',
    id: account.id,
    identifier: [
      {
        use: 'secondary',
        system: IDENTIFIER_SYSTEMS.uri,
        value: `urn:uuid:${account.id}`,
        assigner: { display: clinicName },
      },
      ...(profile?.nationalId ? [nationalIdentifier(profile.nationalId)] : []),
      ...(profile?.insurance?.number ? [insuranceIdentifier(profile.insurance)] : []),
    ],
    active: true,
    name: [
      {
        use: 'official',
        text: `${account.firstName} ${account.lastName}`.trim(),
        ...(account.lastName ? { family: account.lastName } : {}),
        ...(account.firstName ? { given: [account.firstName] } : {}),
      },
    ],
    telecom: [{ system: 'email', value: account.email, use: 'home' }],
    ...(profile?.gender === 'male' || profile?.gender === 'female' || profile?.gender === 'other'
      ? { gender: profile.gender }
      : {}),
    ...(profile?.birthDate ? { birthDate: profile.birthDate } : {}),
    ...(address
      ? {
          address: [
            {
              use: 'home',
              type: 'physical',
              ...(street ? { line: [street] } : {}),
              ...(profile.city ? { city: profile.city } : {}),
              ...(profile.postCode ? { postalCode: profile.postCode } : {}),
              ...(profile.countryCode ? { country: profile.countryCode } : {}),
            },
          ],
        }
      : {}),
    communication: [
      {
        language: { coding: [{ system: 'urn:ietf:bcp:47', code: account.language }] },
        preferred: true,
      },
    ],
  };
}

/** The clinic that runs Vizita (`CLINIC_*`): issuer of the invoices, keeper of the documents. */
export function clinicResource(clinic: Clinic): Organization {
  return {
    resourceType: 'Organization',
    id: fhirId('organization', clinic.name),
    active: true,
    name: clinic.name,
    telecom: [
      { system: 'email', value: clinic.email, use: 'work' },
      { system: 'phone', value: clinic.phone, use: 'work' },
    ],
    address: [{ use: 'work', type: 'both', line: clinic.address, country: clinic.country }],
  };
}
