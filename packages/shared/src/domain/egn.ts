// The Bulgarian personal number (ЕГН): YYMMDD + region (3 digits) + check digit.
// The month carries the century: 1–12 → 1900s, 21–32 → 1800s, 41–52 → 2000s.

const WEIGHTS = [2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/** The birth date an EGN encodes as YYYY-MM-DD, or null if the date part is not a real date. */
export function egnBirthDate(egn: string): string | null {
  if (!/^\d{10}$/.test(egn)) return null;
  const yy = Number(egn.slice(0, 2));
  let month = Number(egn.slice(2, 4));
  const day = Number(egn.slice(4, 6));
  let year: number;
  if (month >= 41 && month <= 52) {
    year = 2000 + yy;
    month -= 40;
  } else if (month >= 21 && month <= 32) {
    year = 1800 + yy;
    month -= 20;
  } else if (month >= 1 && month <= 12) {
    year = 1900 + yy;
  } else {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/** The check digit of the first nine digits: weighted sum mod 11, where 10 counts as 0. */
export function egnCheckDigit(firstNine: string): number {
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(firstNine[i]), 0);
  const rest = sum % 11;
  return rest === 10 ? 0 : rest;
}

/** True for a well-formed EGN: 10 digits, a real encoded birth date and a matching check digit. */
export function isValidEgn(egn: string): boolean {
  return egnBirthDate(egn) !== null && egnCheckDigit(egn.slice(0, 9)) === Number(egn[9]);
}
