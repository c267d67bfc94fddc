import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.ts';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const status = (refreshToken?: string, bearer?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/auth/status',
    ...(refreshToken ? { cookies: { vizita_rt: refreshToken } } : {}),
    ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
  });
const rotated = (res: Awaited<ReturnType<typeof status>>) =>
  res.cookies.find((c) => c.name === 'vizita_rt' && c.value)?.value;
/** The value an answer sets a cookie to: '' when it clears it, undefined when it leaves it. */
const cookieSet = (res: Awaited<ReturnType<typeof status>>, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;
const changePassword = (bearer: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers: { authorization: `Bearer ${bearer}` },
    payload,
  });

describe('login', () => {
  it('answers the spec fields and sets an httpOnly, SameSite=Strict refresh cookie scoped to /auth', async () => {
    const email = 'login@example.bg';
    await signUp(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'LOGIN@example.bg', password: STRONG_PASSWORD, ip: 'web-app' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual([
      'accessToken',
      'consentsDue',
      'isAdmin',
      'isPaid',
      'isProfileComplete',
      'twoFactor',
      'userId',
      'userType',
    ]);
    expect(res.json().data).toMatchObject({
      isAdmin: false,
      userType: 'patient',
      isPaid: false,
      isProfileComplete: false,
      twoFactor: 'off',
    });
    const cookie = res.cookies.find((c) => c.name === 'vizita_rt')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
    // Beside it, a marker the page may read (ADR 0049): no secret, the same lifetime.
    const marker = res.cookies.find((c) => c.name === 'vizita_session')!;
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(marker.httpOnly).toBeFalsy();
    expect(marker.maxAge).toBe(cookie.maxAge);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    await signUp(t, 'known@example.bg');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'known@example.bg', password: 'Wrong-2026!' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ghost@example.bg', password: 'Wrong-2026!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Email or password is incorrect');
  });

  it('requires a validated e-mail, answering isEmailValidated: false', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      payload: {
        firstName: 'Ana',
        lastName: 'Koleva',
        email: 'unvalidated@example.bg',
        password: STRONG_PASSWORD,
        termsAccepted: true,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'unvalidated@example.bg', password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, isEmailValidated: false });
    expect(res.cookies).toHaveLength(0);
  });
});

describe('session restore and refresh-token rotation', () => {
  it('restores the session from the cookie with a new access token and a new refresh token', async () => {
    const s = await signUp(t);
    const res = await status(s.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe(s.userId);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
    expect(rotated(res)).toBeDefined();
    expect(rotated(res)).not.toBe(s.refreshToken);
  });

  it('revokes the whole family when a rotated token is replayed after the grace period', async () => {
    const s = await signUp(t);
    const next = rotated(await status(s.refreshToken))!;
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const replay = await status(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's session and its access tokens.
    expect((await status(next)).statusCode).toBe(401);
    expect(
      (
        await changePassword(s.accessToken, {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'Plovdiv-2027!',
        })
      ).statusCode,
    ).toBe(401);
    const { rows } = await t.pool.query(
      "select event from audit_log where event = 'auth.refresh_reuse_detected'",
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('tolerates two tabs refreshing with the same cookie at once', async () => {
    const s = await signUp(t);
    const [a, b] = await Promise.all([status(s.refreshToken), status(s.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Each tab keeps a live cookie of the same session, whichever won the rotation.
    expect(rotated(a)).toBeDefined();
    expect(rotated(b)).toBeDefined();
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    expect((await status(rotated(a))).statusCode).toBe(200);
    expect((await status(rotated(b))).statusCode).toBe(200);
  });

  it('keeps a page signed in whose rotated cookie was lost to a navigation', async () => {
    // The browser sent the cookie, the server rotated it, the answer never arrived: the page
    // presents the used token again a moment later, and again after the grace window (issue #23).
    const s = await signUp(t);
    expect(rotated(await status(s.refreshToken))).toBeDefined();
    t.clock.advance(2000);
    const retry = await status(s.refreshToken);
    expect(retry.statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const later = await status(rotated(retry));
    expect(later.statusCode).toBe(200);
    expect(later.json().data.userId).toBe(s.userId);
  });

  it('answers 204 when there is nothing to restore: a visitor is not an error (ADR 0049)', async () => {
    const visitor = await status();
    expect(visitor.statusCode).toBe(204);
    expect(visitor.body).toBe('');
    expect(visitor.cookies).toEqual([]);
    // A marker left without its refresh cookie is cleared.
    const stale = await t.app.inject({
      url: '/auth/status',
      cookies: { vizita_session: '1' },
    });
    expect(stale.statusCode).toBe(204);
    expect(cookieSet(stale, 'vizita_session')).toBe('');
  });

  it('answers 401 for a dead cookie and clears it with its marker; a bearer token alone is confirmed, not renewed', async () => {
    const dead = await status('garbage');
    expect(dead.statusCode).toBe(401);
    expect(cookieSet(dead, 'vizita_rt')).toBe('');
    expect(cookieSet(dead, 'vizita_session')).toBe('');
    const s = await signUp(t);
    const res = await status(undefined, s.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accessToken).toBe(s.accessToken);
    expect(rotated(res)).toBeUndefined();
  });

  it('refuses an expired access token (15 minutes) while the refresh cookie still restores the session', async () => {
    const s = await signUp(t);
    t.clock.advance(16 * 60_000);
    expect(
      (
        await changePassword(s.accessToken, {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'Plovdiv-2027!',
        })
      ).statusCode,
    ).toBe(401);
    expect((await status(s.refreshToken)).statusCode).toBe(200);
  });

  it('refuses forged and tampered tokens', async () => {
    const s = await signUp(t);
    const [h, p] = s.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect(
      (
        await changePassword(forged, {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'Plovdiv-2027!',
        })
      ).statusCode,
    ).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect(
      (
        await changePassword(none, {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'Plovdiv-2027!',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: the cookie and the access token stop working, and the cookie is cleared', async () => {
    const s = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { vizita_rt: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieSet(res, 'vizita_rt')).toBe('');
    expect(cookieSet(res, 'vizita_session')).toBe('');
    expect((await status(s.refreshToken)).statusCode).toBe(401);
    expect(
      (
        await changePassword(s.accessToken, {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'Plovdiv-2027!',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('succeeds without a session, so the client can always sign out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
  });
});

describe('POST /auth/change-password', () => {
  it('requires the current password and keeps the spec message', async () => {
    const s = await signUp(t);
    const res = await changePassword(s.accessToken, {
      currentPassword: 'Wrong-2026!',
      newPassword: 'Plovdiv-2027!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect');
  });

  it('applies the registration policy to the new password', async () => {
    const s = await signUp(t);
    const res = await changePassword(s.accessToken, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'sixsix',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { code: string }) => e.code)).toContain('passwordMin');
  });

  it('changes the password, signs out other devices but not this one, and mails the owner', async () => {
    const s = await signUp(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: s.email, password: s.password },
    });
    const otherCookie = other.cookies.find((c) => c.name === 'vizita_rt')!.value;
    const res = await changePassword(s.accessToken, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Plovdiv-2027!',
    });
    expect(res.statusCode).toBe(200);
    expect((await status(otherCookie)).statusCode).toBe(401);
    expect((await status(s.refreshToken)).statusCode).toBe(200);
    const [mail] = await t.mails(s.email);
    expect(mail!.subject).toBe('Your Vizita password was changed');
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: s.email, password: 'Plovdiv-2027!' },
    });
    expect(relogin.statusCode).toBe(200);
  });
});
