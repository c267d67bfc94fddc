// The local provider follows the usual test-card conventions (documented in the README):
//
// | card number          | outcome                                  |
// |----------------------|------------------------------------------|
// | 4242 4242 4242 4242  | succeeds                                 |
// | 4000 0000 0000 0002  | declined: card_declined                  |
// | 4000 0000 0000 9995  | declined: insufficient_funds             |
// | 4000 0000 0000 0069  | declined: expired_card                   |
// | 4000 0000 0000 0127  | declined: incorrect_cvc                  |
// | 4000 0000 0000 0119  | declined: processing_error               |
// | any other valid number (Luhn) | succeeds                        |
// | an invalid number    | refused as mistyped; the session stays open |

export type DeclineCode =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
export type CardCheck =
  | { ok: true; last4: string }
  | { ok: false; decline: DeclineCode }
  | { ok: false; invalid: 'number' | 'expiry' | 'cvc' | 'name' };

const DECLINES: Record<string, DeclineCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/** The Luhn checksum every real card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

/** Checks what the card form sent against the table above. `now` decides whether it has expired. */
export function checkTestCard(
  card: { number: string; expiry: string; cvc: string; name: string },
  now: Date,
): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !luhnValid(number)) return { ok: false, invalid: 'number' };
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) return { ok: false, invalid: 'expiry' };
  const endOfMonth = new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1));
  if (endOfMonth <= now) return { ok: false, invalid: 'expiry' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, invalid: 'cvc' };
  if (card.name.trim().length < 2) return { ok: false, invalid: 'name' };
  const decline = DECLINES[number];
  return decline ? { ok: false, decline } : { ok: true, last4: number.slice(-4) };
}
