import type {
  CodeableConcept,
  Consent,
  Organization,
  Patient,
  Reference,
} from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { fhirId } from './references.ts';

type RecordedConsent = DataExport['consents'][number];

const LOINC = 'http://loinc.org';
const SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';

// What each consent Vizita records is, in FHIR's words: the privacy notice is a privacy consent,
// the video consent of the device check a consent to treatment by video; the terms of use are a
// contract, which FHIR's consent scopes do not name, so they are described in words.
const KINDS: Record<string, { scope: CodeableConcept; category: CodeableConcept; title: string }> =
  {
    privacy: {
      scope: { coding: [{ system: SCOPE, code: 'patient-privacy', display: 'Privacy Consent' }] },
      category: {
        coding: [
          { system: LOINC, code: '57016-8', display: 'Privacy policy acknowledgment Document' },
        ],
      },
      title: 'Privacy notice',
    },
    video: {
      scope: { coding: [{ system: SCOPE, code: 'treatment', display: 'Treatment' }] },
      category: { coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }] },
      title: 'Consent to the consultation by video',
    },
    terms: {
      scope: { text: 'Terms of use of the service' },
      category: { coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }] },
      title: 'Terms of use',
    },
  };

/** Where in Vizita the consent was given (`consents.context`), in words. */
const CONTEXTS: Record<string, string> = {
  registration: 'at registration',
  profile: 'when completing the profile',
  update: 'when the text changed',
  meeting: "in the video call's device check",
};

/** Where the accepted text can be read: the site's legal pages (the video consent is in the call's device check). */
const PAGES: Record<string, string> = { privacy: 'privacy', terms: 'terms' };

/** One Consent per recorded acceptance: which text, which version, when. */
export function consentResource(
  consent: RecordedConsent,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
  appUrl: string,
): Consent {
  const kind = KINDS[consent.document] ?? {
    scope: { text: consent.document },
    category: KINDS.terms!.category,
    title: consent.document,
  };
  const page = PAGES[consent.document];
  return {
    resourceType: 'Consent',
    id: fhirId('consent', consent.document, consent.version, consent.acceptedAt),
    status: 'active',
    scope: kind.scope,
    category: [kind.category],
    patient,
    dateTime: consent.acceptedAt,
    organization: [clinic],
    ...(page ? { policy: [{ uri: `${appUrl}/legal/${page}` }] } : {}),
    // The version accepted, and where it was accepted (registration, the profile, a later
    // update, the video room): FHIR's place for the rule that was agreed to.
    policyRule: {
      text: `${kind.title}, version ${consent.version}, accepted ${CONTEXTS[consent.context] ?? consent.context}`,
    },
    provision: { type: 'permit' },
  };
}
