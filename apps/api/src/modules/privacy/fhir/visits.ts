import type {
  Appointment,
  DocumentReference,
  Encounter,
  Organization,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { fhirId, ref } from './references.ts';

type Visit = DataExport['appointments'][number];

/** One Practitioner per doctor the patient booked, known to the export by name. */
export const practitionerId = (doctor: string) => fhirId('practitioner', doctor);
export const encounterId = (appointmentId: string) => fhirId('encounter', appointmentId);

export function practitionerResources(data: DataExport): Practitioner[] {
  const names = [...new Set(data.appointments.map((a) => a.doctor))];
  return names.map((name) => ({
    resourceType: 'Practitioner',
    id: practitionerId(name),
    active: true,
    name: [{ use: 'official', text: name }],
  }));
}

// Vizita's states as FHIR's: a hold waiting for its payment is `pending`; one that expired unpaid
// never became an appointment for the patient, which FHIR calls `cancelled`.
const APPOINTMENT_STATUS = {
  pending: 'pending',
  upcoming: 'booked',
  completed: 'fulfilled',
  no_show: 'noshow',
  cancelled: 'cancelled',
  expired: 'cancelled',
} as const satisfies Record<string, Appointment['status']>;

// The encounter of each: R4 has no "no-show" for an encounter, so a visit that did not take
// place, for whatever reason, is a `cancelled` one.
const ENCOUNTER_STATUS = {
  pending: 'planned',
  upcoming: 'planned',
  completed: 'finished',
  no_show: 'cancelled',
  cancelled: 'cancelled',
  expired: 'cancelled',
} as const satisfies Record<string, Encounter['status']>;

/** A status the export names: its FHIR one, or `cancelled` for one this file does not know. */
function statusOf<S extends string>(map: Record<string, S>, status: string): S {
  return map[status] ?? map.cancelled!;
}

// HL7 v2 table 0276: a follow-up visit is FOLLOWUP, a consultation a ROUTINE one; a prescription
// request is neither and is named in words.
const APPOINTMENT_TYPE: Record<string, { code: string; display: string }> = {
  consultation: { code: 'ROUTINE', display: 'Routine appointment - default if not valued' },
  'follow-up': { code: 'FOLLOWUP', display: 'A follow up visit from a previous appointment' },
};
const PLAN_TEXT: Record<string, string> = {
  consultation: 'Video consultation',
  'follow-up': 'Follow-up video consultation',
  prescription: 'Prescription request',
};

export function appointmentResource(visit: Visit, patient: Reference<Patient>): Appointment {
  const type = APPOINTMENT_TYPE[visit.plan];
  return {
    resourceType: 'Appointment',
    id: visit.id,
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${visit.id}` }],
    status: statusOf(APPOINTMENT_STATUS, visit.status),
    ...(visit.cancelReason ? { cancelationReason: { text: visit.cancelReason } } : {}),
    appointmentType: {
      ...(type
        ? { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0276', ...type }] }
        : {}),
      text: PLAN_TEXT[visit.plan] ?? visit.plan,
    },
    ...(visit.reason ? { reasonCode: [{ text: visit.reason }] } : {}),
    start: visit.startsAt,
    end: visit.endsAt,
    ...(visit.notes ? { comment: visit.notes } : {}),
    participant: [
      { actor: patient, required: 'required', status: 'accepted' },
      {
        actor: ref<Practitioner>('Practitioner', practitionerId(visit.doctor), visit.doctor),
        required: 'required',
        status: 'accepted',
      },
    ],
  };
}

/**
 * The visit itself, by video: when the call's room recorded people in it, from the first joining
 * to the last leaving; otherwise the booked time.
 */
export function encounterResource(
  visit: Visit,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
): Encounter {
  const joined = visit.callEvents
    .filter((e) => e.kind !== 'left')
    .map((e) => e.at)
    .sort();
  const left = visit.callEvents
    .filter((e) => e.kind === 'left')
    .map((e) => e.at)
    .sort();
  const start = joined[0] ?? visit.startsAt;
  const lastLeft = left.at(-1);
  const end =
    joined.length > 0 ? (lastLeft && lastLeft >= start ? lastLeft : undefined) : visit.endsAt;
  return {
    resourceType: 'Encounter',
    id: encounterId(visit.id),
    status: statusOf(ENCOUNTER_STATUS, visit.status),
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'VR',
      display: 'virtual',
    },
    serviceType: { text: PLAN_TEXT[visit.plan] ?? visit.plan },
    subject: patient,
    participant: [
      { individual: ref<Practitioner>('Practitioner', practitionerId(visit.doctor), visit.doctor) },
    ],
    appointment: [ref<Appointment>('Appointment', visit.id)],
    period: { start, ...(end ? { end } : {}) },
    ...(visit.reason ? { reasonCode: [{ text: visit.reason }] } : {}),
    serviceProvider: clinic,
  };
}

/**
 * The doctor's summary for the patient (ADR 0016), a short text written after the visit: a
 * DocumentReference with the text inline, tied to the encounter.
 */
export function summaryResource(
  visit: Visit,
  patient: Reference<Patient>,
  clinic: Reference<Organization>,
): DocumentReference | null {
  if (!visit.summary) return null;
  return {
    resourceType: 'DocumentReference',
    id: fhirId('summary', visit.id),
    status: 'current',
    docStatus: 'final',
    type: { text: 'Visit summary for the patient' },
    subject: patient,
    author: [ref<Practitioner>('Practitioner', practitionerId(visit.doctor), visit.doctor)],
    custodian: clinic,
    description: 'Visit summary',
    content: [
      {
        attachment: {
          contentType: 'text/plain; charset=utf-8',
          data: Buffer.from(visit.summary, 'utf8').toString('base64'),
          title: 'Visit summary',
        },
      },
    ],
    context: { encounter: [ref<Encounter>('Encounter', encounterId(visit.id))] },
  };
}
