import type { Bundle, Organization, Patient, Resource } from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { consentResource } from './consents.ts';
import { sharedDocumentResources } from './documents.ts';
import { invoiceResources } from './invoices.ts';
import { certificateResources } from './certificates.ts';
import { medicationRequestResources, prescriptionsOf } from './medication-requests.ts';
import { clinicResource, patientResource, type Clinic } from './patient.ts';
import { fhirId, fullUrl, ref } from './references.ts';
import {
  appointmentResource,
  encounterResource,
  practitionerResources,
  summaryResource,
} from './visits.ts';

/**
 * A resource as the JSON it is sent as. FHIR's types are interfaces, which TypeScript never lets
 * stand for an object with any keys; the answer's contract (`fhirBundleSchema`) passes any through.
 */
type JsonResource = Resource & Record<string, unknown>;

/** A self-contained collection: every entry has its resource and the URL the others point at. */
export type CollectionBundle = Omit<Bundle, 'type' | 'timestamp' | 'entry'> & {
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: JsonResource }[];
};

/**
 * The patient's record as a FHIR R4 Bundle (issue #21, ADR 0025's amendment), made from the data
 * export the privacy module already builds — one source of what the export holds. A `collection`,
 * not a `document`: a document Bundle is one composed, attested clinical document (a Composition
 * with an author who signs it), while this is everything held about a person, for another app to
 * take in resource by resource.
 *
 * Not in the Bundle, and still in the JSON file: the account's sessions and devices, the access
 * log and the patient's own activity, the notifications, the messages with the practice, the
 * follow-up proposals and the earlier-time alerts — account and service data, not health records.
 */
export function toFhirBundle(
  data: DataExport,
  { appUrl, clinic }: { appUrl: string; clinic: Clinic },
): CollectionBundle {
  const organization = clinicResource(clinic);
  const patientRef = ref<Patient>('Patient', data.account.id);
  const clinicRef = ref<Organization>('Organization', organization.id!, organization.name);
  const visitOf = new Map(data.appointments.map((a) => [a.id, a]));

  const resources: Resource[] = [
    patientResource(data, clinic.name),
    organization,
    ...practitionerResources(data),
    ...data.appointments.flatMap((visit) => [
      appointmentResource(visit, patientRef),
      encounterResource(visit, patientRef, clinicRef),
      ...[summaryResource(visit, patientRef, clinicRef)].filter((r) => r !== null),
      ...visit.documents.flatMap((d) => sharedDocumentResources(visit, d, patientRef, clinicRef)),
    ]),
    ...prescriptionsOf(data).flatMap((p) => medicationRequestResources(p, patientRef)),
    ...certificateResources(data, patientRef, clinicRef),
    ...data.consents.map((c) => consentResource(c, patientRef, clinicRef, appUrl)),
    ...data.payments.flatMap((p) =>
      invoiceResources(p, visitOf.get(p.appointmentId), patientRef, clinicRef),
    ),
  ];

  return {
    resourceType: 'Bundle',
    id: fhirId('bundle', data.account.id, data.exportedAt),
    meta: { lastUpdated: data.exportedAt },
    type: 'collection',
    timestamp: data.exportedAt,
    entry: resources.map((resource) => ({
      fullUrl: fullUrl(resource.id!),
      resource: resource as JsonResource,
    })),
  };
}
