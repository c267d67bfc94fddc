import { JOIN_OPENS_BEFORE_MS } from './join-window.ts';

// The doctor's window on a patient's data, per appointment (docs/decisions/0016). A doctor sees
// the health profile of the patients they are about to meet or have just met — not of everyone
// who ever booked them.

const DAY_MS = 86_400_000;
/** The patient's profile stays open to the doctor this long after the start: follow-up questions. */
export const PATIENT_DATA_AFTER_START_MS = 30 * DAY_MS;
/** Notes and the patient's summary can be written and corrected this long after the start. */
export const NOTES_EDITABLE_AFTER_START_MS = 7 * DAY_MS;

type Visit = { status: string; startsAt: Date };

const HELD = new Set(['completed', 'no_show']);

/** Whether the appointment's doctor may read the patient's health profile now. */
export function doctorMaySeePatient({ status, startsAt }: Visit, now: Date): boolean {
  // An upcoming one past its start is only waiting for the completion sweep: same window.
  if (status !== 'upcoming' && !HELD.has(status)) return false;
  return now.getTime() <= startsAt.getTime() + PATIENT_DATA_AFTER_START_MS;
}

/** Whether notes and the summary may be written now: from the call's opening for seven days. */
export function notesEditable({ status, startsAt }: Visit, now: Date): boolean {
  if (status !== 'upcoming' && !HELD.has(status)) return false;
  const t = now.getTime();
  return (
    t >= startsAt.getTime() - JOIN_OPENS_BEFORE_MS &&
    t <= startsAt.getTime() + NOTES_EDITABLE_AFTER_START_MS
  );
}

/** When the notes lock, for the editor to say so. */
export const notesEditableUntil = (startsAt: Date) =>
  new Date(startsAt.getTime() + NOTES_EDITABLE_AFTER_START_MS);

/**
 * Whether the doctor may record an outcome now: once the appointment has begun, and — to correct
 * a mistaken mark — while the notes are still editable.
 */
export function outcomeAllowed({ status, startsAt }: Visit, now: Date): boolean {
  if (now < startsAt) return false;
  if (status === 'upcoming') return true;
  return HELD.has(status) && notesEditable({ status, startsAt }, now);
}

/**
 * Whether the doctor may still cancel (which always refunds the patient in full): until the
 * start. From the start on, how the visit ended is an outcome — completed or no-show — and
 * only the clinic can still cancel it (docs/decisions/0012).
 */
export function doctorMayCancel({ status, startsAt }: Visit, now: Date): boolean {
  return status === 'upcoming' && now.getTime() < startsAt.getTime();
}

/** Documents can be given from the call's opening while the patient's data is open. */
export function documentsShareable(visit: Visit, now: Date): boolean {
  return (
    now.getTime() >= visit.startsAt.getTime() - JOIN_OPENS_BEFORE_MS &&
    doctorMaySeePatient(visit, now)
  );
}

/**
 * Prescriptions, sick notes and referrals (issue #21) are issued, corrected and revoked from a
 * consultation that takes or took place: from the call's opening while the patient's data is
 * open (ADR 0016's 30 days) — never for a no-show, where nobody was seen.
 */
export function clinicalDocumentsIssuable(visit: Visit, now: Date): boolean {
  return visit.status !== 'no_show' && documentsShareable(visit, now);
}
