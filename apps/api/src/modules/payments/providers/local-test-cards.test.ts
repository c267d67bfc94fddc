import { describe, expect, it } from 'vitest';
import { checkTestCard, luhnValid } from './local-test-cards.ts';

const now = new Date('2026-11-22T10:00:00Z');
const card = (number: string, over: Partial<{ expiry: string; cvc: string; name: string }> = {}) =>
  checkTestCard({ number, expiry: '12/30', cvc: '123', name: 'Maria Ivanova', ...over }, now);

describe('local test cards', () => {
  it('accepts 4242 4242 4242 4242 and keeps only the last four digits', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, last4: '4242' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000-0000-0000-0069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
  ])('declines %s with %s', (number, decline) => {
    expect(card(number)).toEqual({ ok: false, decline });
  });

  it('refuses mistyped input without declining', () => {
    expect(card('4242 4242 4242 4241')).toEqual({ ok: false, invalid: 'number' });
    expect(card('4242424242424242', { expiry: '10/26' })).toEqual({ ok: false, invalid: 'expiry' });
    // Valid through the end of its month: 11/26 still pays on 22 November 2026.
    expect(card('4242424242424242', { expiry: '11/26' })).toEqual({ ok: true, last4: '4242' });
    expect(card('4242424242424242', { expiry: '12/26' })).toEqual({ ok: true, last4: '4242' });
    expect(card('4242424242424242', { cvc: '12' })).toEqual({ ok: false, invalid: 'cvc' });
    expect(card('4242424242424242', { name: ' ' })).toEqual({ ok: false, invalid: 'name' });
  });

  it('knows the Luhn checksum', () => {
    expect(luhnValid('4000056655665556')).toBe(true);
    expect(luhnValid('4000056655665557')).toBe(false);
  });
});
