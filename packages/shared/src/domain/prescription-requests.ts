// A repeat prescription asked for without a call (issue #21, the spec's `prescription` plan,
// "Prescription Request"): who may ask whom, what it costs, and by when the doctor answers. A
// request is an appointment that holds no time on the doctor's calendar: it starts when it is
// made and ends at its answer deadline (ADR 0039).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A patient may ask a doctor for a repeat prescription within a year of a consultation with them
 * that took place: the doctor knows the patient and the medicine, and a year is how long a
 * doctor in Germany or Bulgaria would usually renew a long-term medicine without seeing the
 * patient again.
 */
export const PRESCRIPTION_REQUEST_WINDOW_DAYS = 365;
/**
 * The doctor answers within two days: a patient who runs out of a medicine cannot wait longer,
 * and an unanswered request is then cancelled by the clinic and refunded in full.
 */
export const PRESCRIPTION_ANSWER_HOURS = 48;

/** Whether a consultation that began at `visitStartsAt` still lets the patient ask its doctor. */
export function prescriptionRequestable(visitStartsAt: Date, now: Date): boolean {
  return now.getTime() - visitStartsAt.getTime() <= PRESCRIPTION_REQUEST_WINDOW_DAYS * DAY_MS;
}

/** When a request made at `requestedAt` must have been answered. */
export const prescriptionAnswerBy = (requestedAt: Date) =>
  new Date(requestedAt.getTime() + PRESCRIPTION_ANSWER_HOURS * HOUR_MS);

/**
 * The price of a request, in euro cents (ADR 0018): the clinic's prescription fee for the doctor
 * — lower than a consultation, or 0 — or, when it set none, the doctor's consultation fee.
 */
export function prescriptionPriceMinor(profile: {
  feeMinor: number;
  prescriptionFeeMinor: number | null;
}) {
  return profile.prescriptionFeeMinor ?? profile.feeMinor;
}
