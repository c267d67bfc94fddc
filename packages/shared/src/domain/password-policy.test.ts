import { describe, expect, it } from 'vitest';
import { passwordPolicyViolations } from './password-policy.ts';

describe('passwordPolicyViolations', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordPolicyViolations('Sunny-Day7!')).toEqual([]);
  });

  it.each([
    ['Ab1!', ['passwordMin']],
    ['lowercase1!', ['passwordUppercase']],
    ['UPPERCASE1!', ['passwordLowercase']],
    ['NoDigits!!', ['passwordNumber']],
    ['NoSpecial12', ['passwordSpecial']],
  ])('reports what %s lacks', (password, expected) => {
    expect(passwordPolicyViolations(password)).toEqual(expected);
  });

  it('counts only the spec special characters @$!%*?& as special', () => {
    expect(passwordPolicyViolations('Abcdefg1#')).toEqual(['passwordSpecial']);
    for (const c of '@$!%*?&') expect(passwordPolicyViolations(`Abcdefg1${c}`)).toEqual([]);
  });

  it('rejects a password longer than 128 characters so hashing stays cheap', () => {
    expect(passwordPolicyViolations(`Aa1!${'x'.repeat(125)}`)).toEqual(['passwordMax']);
  });
});
