// The Bulgarian personal number of a foreigner (ЛНЧ, личен номер на чужденец): ten digits, the
// last a check digit — the first nine weighted 21, 19, 17, 13, 11, 9, 7, 3, 1, summed, modulo 10.
// Unlike the EGN it encodes no birth date.

const WEIGHTS = [21, 19, 17, 13, 11, 9, 7, 3, 1] as const;

/** The check digit of the first nine digits. */
export function lnchCheckDigit(firstNine: string): number {
  return WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(firstNine[i]), 0) % 10;
}

export function isValidLnch(value: string): boolean {
  return /^\d{10}$/.test(value) && lnchCheckDigit(value.slice(0, 9)) === Number(value[9]);
}
