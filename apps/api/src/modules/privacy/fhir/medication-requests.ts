import type {
  Encounter,
  MedicationRequest,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { encounterId, practitionerId } from './visits.ts';
import { fhirId, newestVersions, ref } from './references.ts';

/**
 * One prescription a doctor issued (issue #21 §2), as the FHIR export needs it: the consultation it
 * came from, the doctor, when, whether it was revoked, and its items — a medicine from the
 * catalogue (with its ATC code) or written out, its strength and form, the dosage, the quantity
 * and instructions.
 */
export type ExportedPrescription = {
  id: string;
  appointmentId: string;
  doctor: string;
  issuedAt: string;
  revokedAt: string | null;
  items: {
    atc: string | null;
    medicine: string;
    strength: string;
    form: string;
    dosage: string;
    quantity: string;
    instructions: string;
  }[];
};

/**
 * The prescriptions in the export: each document's newest version (an older one was replaced by a
 * correction, and its registration revoked), as a pharmacy would fill it.
 */
export function prescriptionsOf(data: DataExport): ExportedPrescription[] {
  // The prescribing doctor is the consultation's, named as the export's appointments name them
  // (the Practitioner entries are made from those).
  const doctorOf = new Map(data.appointments.map((a) => [a.id, a.doctor]));
  return newestVersions(data, ['prescription']).map((version) => ({
    id: version.documentId,
    appointmentId: version.appointmentId,
    doctor: doctorOf.get(version.appointmentId) ?? version.doctor,
    issuedAt: version.issuedAt,
    revokedAt: version.revokedAt,
    items: 'items' in version.content ? version.content.items : [],
  }));
}

const ATC = 'http://www.whocc.no/atc';

/**
 * One MedicationRequest per item, grouped by the prescription's id: a pharmacy fills the items of
 * one prescription together. A revoked prescription is `cancelled`; the quantity is the doctor's
 * words ("1 pack of 20 tablets"), which FHIR's numeric quantity cannot hold, so it is a note.
 */
export function medicationRequestResources(
  prescription: ExportedPrescription,
  patient: Reference<Patient>,
): MedicationRequest[] {
  return prescription.items.map((item, index) => ({
    resourceType: 'MedicationRequest',
    id: fhirId('medication-request', prescription.id, String(index)),
    groupIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${prescription.id}` },
    status: prescription.revokedAt ? 'cancelled' : 'active',
    intent: 'order',
    medicationCodeableConcept: {
      ...(item.atc ? { coding: [{ system: ATC, code: item.atc, display: item.medicine }] } : {}),
      text: `${item.medicine} ${item.strength} (${item.form})`,
    },
    subject: patient,
    encounter: ref<Encounter>('Encounter', encounterId(prescription.appointmentId)),
    authoredOn: prescription.issuedAt,
    requester: ref<Practitioner>(
      'Practitioner',
      practitionerId(prescription.doctor),
      prescription.doctor,
    ),
    dosageInstruction: [
      {
        sequence: 1,
        text: item.dosage,
        ...(item.instructions ? { patientInstruction: item.instructions } : {}),
      },
    ],
    note: [{ text: `Quantity: ${item.quantity}` }],
  }));
}
