import { daysBetween } from './calendar-date.ts';

// The sick note (certificate of incapacity for work) a doctor issues after a video consultation
// (issue #21), under the German incapacity guideline's rule for video consultations (G-BA
// AU-Richtlinie § 4 (5)): incapacity found in a video consultation may be certified for at most
// 3 calendar days for a patient the practice does not know, and for at most 7 for one it knows;
// a follow-up certificate by video only for a patient it knows. A start before the consultation
// is allowed only by way of exception and as a rule for at most 3 days (§ 5 (3)). Vizita applies
// the same rule in Bulgaria, where a video sick note has no rule of its own: the stricter one.
// Both apps check with it (the form explains the limit before the doctor submits).

/** The longest certificate for a patient the practice knows: a completed visit at this clinic. */
export const SICK_NOTE_MAX_DAYS_KNOWN_PATIENT = 7;
/** The longest certificate for a patient the practice does not know yet. */
export const SICK_NOTE_MAX_DAYS_NEW_PATIENT = 3;
/** How many days before the consultation a certificate may begin, by way of exception. */
export const SICK_NOTE_BACKDATE_MAX_DAYS = 3;

export const SICK_NOTE_CERTIFICATES = ['first', 'follow-up'] as const;
export type SickNoteCertificate = (typeof SICK_NOTE_CERTIFICATES)[number];

export type SickNoteProblem =
  | 'endBeforeStart'
  | 'startTooEarly'
  | 'startAfterConsultation'
  | 'tooLong'
  | 'followUpNeedsKnownPatient';

export type SickNoteCheck =
  { ok: true; days: number } | { ok: false; problem: SickNoteProblem; maxDays: number };

/** The longest certificate the rule allows this patient. */
export function sickNoteMaxDays(knownPatient: boolean): number {
  return knownPatient ? SICK_NOTE_MAX_DAYS_KNOWN_PATIENT : SICK_NOTE_MAX_DAYS_NEW_PATIENT;
}

/**
 * Whether a certificate from `start` to `end` (calendar dates, both included, in the doctor's time
 * zone) may be issued after a video consultation on `consultationDate`.
 */
export function checkSickNote({
  start,
  end,
  certificate,
  knownPatient,
  consultationDate,
}: {
  start: string;
  end: string;
  certificate: SickNoteCertificate;
  knownPatient: boolean;
  consultationDate: string;
}): SickNoteCheck {
  const maxDays = sickNoteMaxDays(knownPatient);
  if (certificate === 'follow-up' && !knownPatient)
    return { ok: false, problem: 'followUpNeedsKnownPatient', maxDays };
  const days = daysBetween(start, end) + 1;
  if (days < 1) return { ok: false, problem: 'endBeforeStart', maxDays };
  const startOffset = daysBetween(consultationDate, start);
  if (startOffset > 0) return { ok: false, problem: 'startAfterConsultation', maxDays };
  if (startOffset < -SICK_NOTE_BACKDATE_MAX_DAYS)
    return { ok: false, problem: 'startTooEarly', maxDays };
  if (days > maxDays) return { ok: false, problem: 'tooLong', maxDays };
  return { ok: true, days };
}
