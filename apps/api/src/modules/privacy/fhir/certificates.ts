import type {
  DocumentReference,
  Encounter,
  Organization,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { specialtyName } from '@vizita/shared/domain/specialties';
import { fhirId, newestVersions, ref } from './references.ts';
import { encounterId, practitionerId } from './visits.ts';

type Issued = DataExport['clinicalDocuments'][number];

/** What the document says, as one line of plain English text (the PDF is the printed form). */
function textOf(document: Issued): string {
  const content = document.content;
  if ('certificate' in content)
    return `Incapable of work from ${content.start} to ${content.end} inclusive (${content.certificate === 'first' ? 'first' : 'follow-up'} certificate).`;
  if ('question' in content)
    return `Referral to ${specialtyName(content.specialty, 'en')} (${content.urgency}): ${content.question}`;
  return '';
}

const TITLES = { 'sick-note': 'Sick note', referral: 'Referral' } as const;

/**
 * The sick notes and referrals a doctor issued (issue #21) as DocumentReferences with their text
 * inline, tied to the visit, each named by its verification code; a revoked one is
 * `entered-in-error`, as FHIR marks a document that must no longer be relied on. Prescriptions
 * are MedicationRequests (medication-requests.ts).
 */
export function certificateResources(
  data: DataExport,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
): DocumentReference[] {
  const doctorOf = new Map(data.appointments.map((a) => [a.id, a.doctor]));
  return newestVersions(data, ['sick-note', 'referral']).map((document) => {
    const doctor = doctorOf.get(document.appointmentId) ?? document.doctor;
    const title = TITLES[document.kind as keyof typeof TITLES];
    return {
      resourceType: 'DocumentReference',
      id: fhirId('clinical-document', document.documentId),
      ...(document.shortCode
        ? {
            masterIdentifier: { system: 'urn:vizita:verification-code', value: document.shortCode },
          }
        : {}),
      status: document.revokedAt ? 'entered-in-error' : 'current',
      docStatus: 'final',
      type: { text: title },
      subject: patient,
      date: document.versionAt,
      author: [ref<Practitioner>('Practitioner', practitionerId(doctor), doctor)],
      custodian: clinic,
      description: `${title} (version ${document.version})`,
      content: [
        {
          attachment: {
            contentType: 'text/plain; charset=utf-8',
            data: Buffer.from(textOf(document), 'utf8').toString('base64'),
            title,
            creation: document.issuedAt,
          },
        },
      ],
      context: { encounter: [ref<Encounter>('Encounter', encounterId(document.appointmentId))] },
    };
  });
}
