// The German health-insurance number (Krankenversichertennummer, unveränderbarer Teil, § 290 SGB V):
// a capital letter, eight digits and a check digit. The check digit: the letter becomes its
// two-digit place in the alphabet (A = 01 … Z = 26), the ten digits are weighted 1, 2, 1, 2, …,
// each product's digits are summed (14 → 1 + 4), and the total modulo 10 is the check digit.

/** The number as written on the card, without spaces, in capitals. */
export const normalizeKvnr = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The check digit of a letter and eight digits ("A12345678" → 0). */
export function kvnrCheckDigit(letterAndEight: string): number {
  const place = String(letterAndEight.charCodeAt(0) - 64).padStart(2, '0');
  const digits = `${place}${letterAndEight.slice(1)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return sum % 10;
}

/** Whether a value is a well-formed KVNR with the right check digit (spaces and case forgiven). */
export function isValidKvnr(value: string): boolean {
  const kvnr = normalizeKvnr(value);
  return /^[A-Z]\d{9}$/.test(kvnr) && kvnrCheckDigit(kvnr.slice(0, 9)) === Number(kvnr[9]);
}
