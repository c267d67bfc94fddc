/**
 * The wait a patient in the queue is told (ADR 0042): each available doctor takes one patient per
 * consultation; a doctor free now takes the first in line at once, a busy one is on average
 * halfway through her call. So the first `free` patients wait about a minute, and each further
 * round of as many patients as there are doctors waits one more consultation. Null when no doctor
 * of her specialty and language is available now: nobody can promise a wait then.
 */
export function estimatedWaitMinutes({
  position,
  doctors,
  free,
  consultationMinutes,
}: {
  /** 1 for the next to be taken. */
  position: number;
  /** Doctors available now who could take her, in a call or not. */
  doctors: number;
  /** Of those, the ones not in a call. */
  free: number;
  /** How long a consultation lasts, recently. */
  consultationMinutes: number;
}): number | null {
  if (doctors <= 0) return null;
  if (position <= free) return 1;
  const ahead = position - free - 1;
  const busy = Math.max(doctors - free, 0) || doctors;
  const minutes = consultationMinutes / 2 + Math.floor(ahead / busy) * consultationMinutes;
  return Math.max(1, Math.ceil(minutes));
}

/** What a consultation is taken to last when too few calls were measured lately. */
export const DEFAULT_CONSULTATION_MINUTES = 15;
/** A measured average is kept within these bounds: one odd call must not promise nonsense. */
export const CONSULTATION_MINUTES_RANGE = [5, 60] as const;
