import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '../constants.ts';
import type { ValidationMessageKey } from '../messages/validation.ts';

const SPECIAL = new RegExp(`[${PASSWORD_SPECIALS.replace(/[$*?]/g, '\\$&')}]`);

/**
 * The one password policy for every new password — registration, change and reset (ADR 0004).
 * Returns the message keys of every rule the password breaks, in the spec's order.
 */
export function passwordPolicyViolations(password: string): ValidationMessageKey[] {
  const violations: ValidationMessageKey[] = [];
  if (password.length < PASSWORD_MIN) violations.push('passwordMin');
  if (password.length > PASSWORD_MAX) violations.push('passwordMax');
  if (!/[A-Z]/.test(password)) violations.push('passwordUppercase');
  if (!/[a-z]/.test(password)) violations.push('passwordLowercase');
  if (!/\d/.test(password)) violations.push('passwordNumber');
  if (!SPECIAL.test(password)) violations.push('passwordSpecial');
  return violations;
}
