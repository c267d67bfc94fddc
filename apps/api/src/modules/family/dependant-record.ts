import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { DependantRow } from './repo.ts';

// The dependant's identifiers, sealed to their own row and column like the holder's are to the
// holder's (ADR 0009): a ciphertext copied to another dependant or into the holder's profile
// does not open.
export const dependantNationalIdContext = (id: string) => `dependant:${id}:national_id`;
export const dependantInsuranceContext = (id: string) => `dependant:${id}:insurance_number`;

/** A dependant's record in clear: what the holder, the doctor (ADR 0016) and the export read. */
export type DependantRecord = {
  id: string;
  holderUserId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: DependantRow['gender'];
  relationship: DependantRow['relationship'];
  country: DependantRow['countryCode'];
  nationalId: string | null;
  insurance: { type: 'state' | 'private'; company: string; number: string } | null;
  handedOverAt: Date | null;
};

export function openRecord(encryption: FieldEncryption, row: DependantRow): DependantRecord {
  return {
    id: row.id,
    holderUserId: row.holderUserId,
    firstName: row.firstName,
    lastName: row.lastName,
    birthDate: row.birthDate,
    gender: row.gender,
    relationship: row.relationship,
    country: row.countryCode,
    nationalId: row.nationalIdEncrypted
      ? encryption.decrypt(row.nationalIdEncrypted, dependantNationalIdContext(row.id))
      : null,
    insurance:
      row.insuranceType && row.insuranceCompany && row.insuranceNumberEncrypted
        ? {
            type: row.insuranceType,
            company: row.insuranceCompany,
            number: encryption.decrypt(
              row.insuranceNumberEncrypted,
              dependantInsuranceContext(row.id),
            ),
          }
        : null,
    handedOverAt: row.handedOverAt,
  };
}
