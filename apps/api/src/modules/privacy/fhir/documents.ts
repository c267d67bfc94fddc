import { createHash } from 'node:crypto';
import type {
  Binary,
  DocumentReference,
  Encounter,
  Organization,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { encounterId, practitionerId } from './visits.ts';
import { fhirId, fullUrl, ref } from './references.ts';

type Visit = DataExport['appointments'][number];
type SharedDocument = Visit['documents'][number];

/**
 * A file a doctor shared after the visit (ADR 0022): its DocumentReference says what it is, who
 * wrote it and for which visit; the bytes are a Binary the reference points to, so an app can
 * list the documents without reading every file. Every version the doctor shared is its own pair.
 */
export function sharedDocumentResources(
  visit: Visit,
  document: SharedDocument,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
): [DocumentReference, Binary] {
  const key = [visit.id, String(document.version), document.sha256, document.sharedAt];
  const binaryId = fhirId('binary', ...key);
  const bytes = Buffer.from(document.contentBase64, 'base64');
  const binary: Binary = {
    resourceType: 'Binary',
    id: binaryId,
    contentType: document.contentType,
    securityContext: patient,
    data: document.contentBase64,
  };
  const reference: DocumentReference = {
    resourceType: 'DocumentReference',
    id: fhirId('document', ...key),
    status: 'current',
    docStatus: 'final',
    type: { text: document.title },
    subject: patient,
    date: document.sharedAt,
    author: [ref<Practitioner>('Practitioner', practitionerId(visit.doctor), visit.doctor)],
    custodian: clinic,
    description: `${document.title} (version ${document.version})`,
    content: [
      {
        attachment: {
          contentType: document.contentType,
          url: fullUrl(binaryId),
          size: document.sizeBytes,
          // FHIR R4's attachment hash is SHA-1, in base64.
          hash: createHash('sha1').update(bytes).digest('base64'),
          title: document.fileName,
          creation: document.sharedAt,
        },
      },
    ],
    context: { encounter: [ref<Encounter>('Encounter', encounterId(visit.id))] },
  };
  return [reference, binary];
}
