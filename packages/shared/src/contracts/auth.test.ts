import { describe, expect, it } from 'vitest';
import { registerFormSchema, registerRequestSchema } from './auth.ts';
import { loginRequestSchema } from './sign-in.ts';
import { VALIDATION_MESSAGES_EN } from '../messages/validation.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('registration contract', () => {
  const valid = {
    firstName: 'Maria',
    lastName: 'Ivanova',
    email: 'maria@example.bg',
    password: 'Sofia-2026!',
    termsAccepted: true as const,
  };

  it('accepts a complete registration and trims the e-mail', () => {
    const parsed = registerRequestSchema.parse({ ...valid, email: '  maria@example.bg ' });
    expect(parsed.email).toBe('maria@example.bg');
  });

  it('carries a booking link to return to after validation, and nothing else (issue #22)', () => {
    const returnTo = '/book/elena-petrova?at=2026-12-01T08:30:00.000Z&lang=bg';
    expect(registerRequestSchema.parse({ ...valid, returnTo }).returnTo).toBe(returnTo);
    for (const bad of [
      '/dashboard',
      'https://evil.example/book/x?at=2026-12-01T08:30:00.000Z',
      '//evil.example/book/x?at=2026-12-01T08:30:00.000Z',
      '/book/x?at=2026-12-01T08:30:00.000Z&next=/admin',
      '/book/x?at=2026-12-01T08:30:00.000Z&lang=fr',
      '/book/x?at=tomorrow',
      42,
    ])
      expect(messages(registerRequestSchema.safeParse({ ...valid, returnTo: bad }))).toEqual([
        'invalidValue',
      ]);
  });

  it('refuses unknown fields so clients cannot smuggle isAdmin', () => {
    expect(registerRequestSchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });

  it('uses only keys that have an English spec text', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'M',
      lastName: '',
      email: 'nope',
      password: 'short',
      termsAccepted: false,
    });
    const keys = messages(result);
    expect(keys).toEqual(
      expect.arrayContaining([
        'firstNameMin',
        'lastNameRequired',
        'emailInvalid',
        'passwordMin',
        'termsRequired',
      ]),
    );
    for (const key of keys) expect(VALIDATION_MESSAGES_EN).toHaveProperty(key);
  });

  it('reports mismatched repeat passwords on the repeat field', () => {
    const result = registerFormSchema.safeParse({ ...valid, repeatPassword: 'Other-2026!' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['repeatPassword'],
      message: 'passwordsDoNotMatch',
    });
  });
});

describe('login contract', () => {
  it('asks for an e-mail and a password of at least 8 characters', () => {
    expect(messages(loginRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      'emailRequired',
      'passwordRequired',
    ]);
    expect(messages(loginRequestSchema.safeParse({ email: 'a@b', password: 'short' }))).toEqual([
      'loginEmailInvalid',
      'passwordMin',
    ]);
  });
});

describe('password confirmation', () => {
  it('reports a mismatch even while other fields are still invalid', () => {
    const result = registerFormSchema.safeParse({
      firstName: '',
      lastName: '',
      email: 'x',
      password: 'Sofia-2026!',
      repeatPassword: 'Other',
      termsAccepted: false,
    });
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['repeatPassword'], message: 'passwordsDoNotMatch' }),
    );
  });
});
