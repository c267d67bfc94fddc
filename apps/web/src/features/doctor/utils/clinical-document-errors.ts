import type { SickNoteProblem } from '@vizita/shared/domain/sick-notes';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';

// The API's refusals of issuing, correcting and revoking a prescription, sick note or referral
// (issue #21), as keys of the `clinicalDocuments` namespace: the doctor reads what to change, in
// their language, never the server's English.

/** The sick-note rule's problems (domain/sick-notes.ts), found here before sending or by the API. */
export const SICK_NOTE_PROBLEM_KEYS = {
  endBeforeStart: 'errors.sickNoteEndBeforeStart',
  startTooEarly: 'errors.sickNoteStartTooEarly',
  startAfterConsultation: 'errors.sickNoteStartAfterConsultation',
  tooLong: 'errors.sickNoteTooLong',
  followUpNeedsKnownPatient: 'errors.sickNoteFollowUpNeedsKnownPatient',
} as const satisfies Record<SickNoteProblem, string>;

export const CLINICAL_DOCUMENT_ERROR_KEYS = {
  sickNoteEndBeforeStart: SICK_NOTE_PROBLEM_KEYS.endBeforeStart,
  sickNoteStartTooEarly: SICK_NOTE_PROBLEM_KEYS.startTooEarly,
  sickNoteStartAfterConsultation: SICK_NOTE_PROBLEM_KEYS.startAfterConsultation,
  sickNoteTooLong: SICK_NOTE_PROBLEM_KEYS.tooLong,
  sickNoteFollowUpNeedsKnownPatient: SICK_NOTE_PROBLEM_KEYS.followUpNeedsKnownPatient,
  clinicalDocumentNotIssuable: 'errors.notIssuable',
  clinicalDocumentRevoked: 'errors.revoked',
  clinicalDocumentChanged: 'errors.changed',
  clinicalDocumentKindFixed: 'errors.kindFixed',
  clinicalDocumentNotFound: 'errors.notFound',
  appointmentNotFound: 'errors.appointmentNotFound',
  // A prescription request is answered with one prescription (issue #21).
  prescriptionRequestTakesPrescription: 'errors.requestTakesPrescription',
  prescriptionRequestAnswered: 'errors.requestAnswered',
  tooManyRequests: 'errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;
