import { EMAIL_MAX } from '../constants.ts';

/** The spec's simple e-mail pattern: text, at sign, text, dot, text (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Canonical form used for storage and look-ups: trimmed and lower-cased (spec §7). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when the address matches the spec's pattern and fits in an SMTP path. */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}
