import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
const reset = (token: string, newPassword = 'Varna-Sea-2027!') =>
  t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, newPassword } });
const check = (token: string) =>
  t.app.inject({ method: 'POST', url: '/auth/check-reset-token', payload: { token } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

describe('forgot and reset password', () => {
  it('answers known and unknown addresses identically', async () => {
    await signUp(t, 'known-reset@example.bg');
    const known = await forgot('known-reset@example.bg');
    const unknown = await forgot('unknown-reset@example.bg');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await t.mails('unknown-reset@example.bg')).toHaveLength(0);
  });

  it('resets once with a valid link: new password works, old one fails, sessions end', async () => {
    const s = await signUp(t, 'reset@example.bg');
    await forgot(' Reset@Example.bg ');
    const token = await t.tokenFromMail('reset@example.bg', '/reset-password');
    expect((await check(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login('reset@example.bg', 'Varna-Sea-2027!')).statusCode).toBe(200);
    expect((await login('reset@example.bg', STRONG_PASSWORD)).statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      cookies: { vizita_rt: s.refreshToken },
    });
    expect(status.statusCode).toBe(401);

    const reused = await reset(token, 'Burgas-Sun-2027!');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'resetTokenInvalid' });
  });

  it('answers 400 for an unknown token and 401 for an expired one (after one hour)', async () => {
    expect((await reset('never-issued')).statusCode).toBe(400);
    expect((await check('never-issued')).statusCode).toBe(400);
    await signUp(t, 'expired@example.bg');
    await forgot('expired@example.bg');
    const token = await t.tokenFromMail('expired@example.bg', '/reset-password');
    t.clock.advance(60 * 60_000 + 1000);
    expect((await check(token)).statusCode).toBe(401);
    const res = await reset(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'resetTokenExpired' });
    expect((await login('expired@example.bg', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('holds the new password to the registration policy', async () => {
    await signUp(t, 'policy@example.bg');
    await forgot('policy@example.bg');
    const token = await t.tokenFromMail('policy@example.bg', '/reset-password');
    const res = await reset(token, 'sixsix');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { code: string }) => e.code)).toEqual(
      expect.arrayContaining(['passwordMin', 'passwordUppercase']),
    );
    // The refused attempt did not spend the link.
    expect((await check(token)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent resets with the same link succeed', async () => {
    await signUp(t, 'race@example.bg');
    await forgot('race@example.bg');
    const token = await t.tokenFromMail('race@example.bg', '/reset-password');
    const results = await Promise.all([
      reset(token, 'First-Pass-2027!'),
      reset(token, 'Second-Pass-2027!'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
