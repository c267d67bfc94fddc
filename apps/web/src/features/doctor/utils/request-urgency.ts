/**
 * A request whose deadline is nearer than this stands out in the doctor's queue: half a working
 * day, so that a doctor who looks in the morning still answers what would lapse by the evening
 * (the clinic cancels and refunds an unanswered request at its deadline, issue #21).
 */
export const URGENT_ANSWER_MS = 12 * 3_600_000;

/** Whether a request due at `answerBy` (ISO) has less than URGENT_ANSWER_MS left at `now`. */
export function answerIsUrgent(answerBy: string, now: Date): boolean {
  return new Date(answerBy).getTime() - now.getTime() < URGENT_ANSWER_MS;
}
