import type { CodeableConcept, Identifier } from '@medplum/fhirtypes';
import { isValidEgn } from '@vizita/shared/domain/egn';
import { isValidLnch } from '@vizita/shared/domain/lnch';
import { isValidKvnr, normalizeKvnr } from '@vizita/shared/domain/kvnr';

/**
 * The systems of the patient's national and insurance numbers in the FHIR export (ADR 0025's
 * amendment of issue #21 lists them and why). Where a country publishes one, it is used as is;
 * Bulgaria publishes none for the EGN or the ЛНЧ (HL7's terminology names only its passport
 * numbers, and the НЗИС interfaces are not FHIR), so Vizita names them with its own URNs — fixed
 * for every installation, so the same person's number means the same in every clinic's export.
 * A receiving app that does not know them still recognises the number by its type, `NI`.
 */
export const IDENTIFIER_SYSTEMS = {
  /** German statutory insurance number (KVNR, § 290 SGB V), as HL7 Germany's base profiles name it. */
  kvnr: 'http://fhir.de/sid/gkv/kvid-10',
  /** Bulgarian unified civil number (ЕГН). */
  egn: 'urn:vizita:sid:bg-egn',
  /** Bulgarian personal number of a foreigner (ЛНЧ). */
  lnch: 'urn:vizita:sid:bg-lnch',
  /** A globally unique id, here Vizita's account id as `urn:uuid:` (FHIR's own convention). */
  uri: 'urn:ietf:rfc:3986',
} as const;

const V2_IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const DE_IDENTIFIER_TYPE = 'http://fhir.de/CodeSystem/identifier-type-de-basis';

const nationalType = (text: string): CodeableConcept => ({
  coding: [
    { system: V2_IDENTIFIER_TYPE, code: 'NI', display: 'National unique individual identifier' },
  ],
  text,
});

/**
 * The Bulgarian national-ID field holds an EGN or an ЛНЧ (ADR 0020): the same check the profile
 * applies tells them apart. A number stored before the checks, valid as neither, is still the
 * patient's and goes out typed but without a system that would claim what it is not.
 */
export function nationalIdentifier(nationalId: string): Identifier {
  if (isValidEgn(nationalId))
    return {
      use: 'official',
      type: nationalType('ЕГН'),
      system: IDENTIFIER_SYSTEMS.egn,
      value: nationalId,
    };
  if (isValidLnch(nationalId))
    return {
      use: 'official',
      type: nationalType('ЛНЧ'),
      system: IDENTIFIER_SYSTEMS.lnch,
      value: nationalId,
    };
  return { use: 'official', type: nationalType('National ID'), value: nationalId };
}

/**
 * The insurance number: a statutory one is a KVNR (the profile checks its check digit) under
 * HL7 Germany's system; a private insurer numbers its members its own way, so that number goes out
 * as HL7 Germany's private-insurance identifier does — its type and the insurer, no system.
 */
export function insuranceIdentifier(insurance: {
  type: string;
  company: string;
  number: string;
}): Identifier {
  const assigner = insurance.company ? { assigner: { display: insurance.company } } : {};
  if (insurance.type === 'state' && isValidKvnr(insurance.number))
    return {
      use: 'official',
      type: {
        coding: [
          { system: DE_IDENTIFIER_TYPE, code: 'KVZ10', display: 'Krankenversichertennummer' },
        ],
        text: 'KVNR',
      },
      system: IDENTIFIER_SYSTEMS.kvnr,
      value: normalizeKvnr(insurance.number),
      ...assigner,
    };
  const privateNumber = insurance.type === 'private';
  return {
    use: 'secondary',
    type: privateNumber
      ? { coding: [{ system: DE_IDENTIFIER_TYPE, code: 'PKV' }], text: 'Private insurance number' }
      : { text: 'Insurance number' },
    value: insurance.number,
    ...assigner,
  };
}
