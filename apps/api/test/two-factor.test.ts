import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor } from '../src/db/schema.ts';
import { totpAt, totpStep } from '../src/lib/totp.ts';
import {
  createTestApp,
  createTestDoctor,
  signUp,
  STRONG_PASSWORD,
  testClock,
  type TestApp,
} from './test-app.ts';

// Two-factor sign-in (TOTP, RFC 6238), its recovery codes and remembered devices, the rule that
// doctors and admins have it before they see patient data, and the signed-in devices (issue #11).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
beforeAll(async () => (t = await createTestApp({ clock })));
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  cookies?: Record<string, string>,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
    ...(cookies ? { cookies } : {}),
  });

/** The code an authenticator shows now (or `steps` later). */
const codeFor = (secret: string, steps = 0) => totpAt(secret, totpStep(clock()) + steps);

/** Turns 2FA on for a signed-in account; answers the secret and the recovery codes. */
async function enable(token: string, password = STRONG_PASSWORD) {
  const setup = await call('POST', '/auth/two-factor/setup', token, { password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const on = await call('POST', '/auth/two-factor/enable', token, { code: codeFor(secret) });
  expect(on.statusCode, on.body).toBe(200);
  return { secret, recoveryCodes: on.json().data.recoveryCodes as string[] };
}

const login = (email: string, password = STRONG_PASSWORD, cookies?: Record<string, string>) =>
  call('POST', '/auth/login', undefined, { email, password }, cookies);

describe('turning two-factor sign-in on', () => {
  it('asks for the password, shows a QR code, and is on only once a code proves the app has it', async () => {
    const s = await signUp(t);
    expect(
      (
        await call('POST', '/auth/two-factor/setup', s.accessToken, { password: 'Wrong-2026!' })
      ).json(),
    ).toMatchObject({ success: false, code: 'currentPasswordIncorrect' });
    const setup = await call('POST', '/auth/two-factor/setup', s.accessToken, {
      password: STRONG_PASSWORD,
    });
    const { secret, otpauthUri, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    // Not on until confirmed: sign-in still needs no code.
    expect((await login(s.email)).json().data).toHaveProperty('accessToken');
    const wrong = await call('POST', '/auth/two-factor/enable', s.accessToken, { code: '000000' });
    expect(wrong.json()).toMatchObject({ success: false, code: 'twoFactorCodeWrong' });
    const on = await call('POST', '/auth/two-factor/enable', s.accessToken, {
      code: codeFor(secret),
    });
    const codes = on.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await call('GET', '/auth/two-factor', s.accessToken)).json().data).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // The secret is stored encrypted, like the national ID.
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, s.userId));
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain(secret);
  });
});

describe('signing in with a second factor', () => {
  it('answers the password with a challenge, and the code with the session — once per code', async () => {
    const s = await signUp(t);
    const { secret } = await enable(s.accessToken);
    clock.advance(30_000); // the enrolment's code is spent: the next one
    const first = await login(s.email);
    expect(first.statusCode).toBe(200);
    const { twoFactorRequired, challenge } = first.json().data;
    expect(twoFactorRequired).toBe(true);
    expect(first.json().data).not.toHaveProperty('accessToken');
    expect(first.cookies.find((c) => c.name === 'vizita_rt')).toBeUndefined();
    const code = codeFor(secret);
    const done = await call('POST', '/auth/login/two-factor', undefined, { challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ userId: s.userId, twoFactor: 'on' });
    expect(done.cookies.find((c) => c.name === 'vizita_rt')).toBeDefined();
    // The same code cannot be replayed, even within its 30 seconds.
    const again = await login(s.email);
    const replay = await call('POST', '/auth/login/two-factor', undefined, {
      challenge: again.json().data.challenge,
      code,
    });
    expect(replay.json()).toMatchObject({ success: false, code: 'twoFactorCodeWrong' });
  });

  it('opens one session per challenge, even asked twice at once; a wrong code may be retried', async () => {
    // Issue #18: one challenge opened a session per valid code for its five minutes.
    const s = await signUp(t);
    const { secret, recoveryCodes } = await enable(s.accessToken);
    clock.advance(30_000);
    const { challenge } = (await login(s.email)).json().data;
    const step = (body: object) =>
      call('POST', '/auth/login/two-factor', undefined, { challenge, ...body });
    expect((await step({ code: '000000' })).json()).toMatchObject({ code: 'twoFactorCodeWrong' });
    const first = await step({ code: codeFor(secret) });
    expect(first.statusCode, first.body).toBe(200);
    // The next code, or a recovery code, does not open a second session with it.
    clock.advance(30_000);
    for (const body of [{ code: codeFor(secret) }, { recoveryCode: recoveryCodes[0]! }]) {
      const reused = await step(body);
      expect(reused.statusCode, JSON.stringify(body)).toBe(401);
      expect(reused.json()).toMatchObject({ code: 'twoFactorChallengeExpired' });
      expect(reused.cookies.find((c) => c.name === 'vizita_rt')).toBeUndefined();
    }
    // Two right answers to a fresh challenge at the same moment: one session, not two.
    clock.advance(30_000);
    const fresh = (await login(s.email)).json().data.challenge as string;
    const race = await Promise.all(
      [{ code: codeFor(secret) }, { recoveryCode: recoveryCodes[1]! }].map((body) =>
        call('POST', '/auth/login/two-factor', undefined, { challenge: fresh, ...body }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const devices = (await call('GET', '/auth/sessions', first.json().data.accessToken)).json()
      .data as unknown[];
    // The sign-up's session, the first challenge's and one of the race's.
    expect(devices).toHaveLength(3);
  });

  it('takes each recovery code once, and says how many are left', async () => {
    const s = await signUp(t);
    const { recoveryCodes } = await enable(s.accessToken);
    const withRecovery = async (recoveryCode: string) =>
      call('POST', '/auth/login/two-factor', undefined, {
        challenge: (await login(s.email)).json().data.challenge,
        recoveryCode,
      });
    // Lower case and without the dash, as people type them.
    const used = await withRecovery(recoveryCodes[0]!.toLowerCase().replace('-', ''));
    expect(used.statusCode, used.body).toBe(200);
    expect((await withRecovery(recoveryCodes[0]!)).json()).toMatchObject({
      code: 'twoFactorCodeWrong',
    });
    const token = used.json().data.accessToken;
    expect((await call('GET', '/auth/two-factor', token)).json().data.recoveryCodesLeft).toBe(9);
  });

  it('stops guessing after five wrong codes, even before the right one', async () => {
    const s = await signUp(t);
    const { secret } = await enable(s.accessToken);
    clock.advance(30_000);
    const { challenge } = (await login(s.email)).json().data;
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/auth/login/two-factor', undefined, {
        challenge,
        code: String(100000 + i),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await call('POST', '/auth/login/two-factor', undefined, {
      challenge,
      code: codeFor(secret),
    });
    expect(blocked.statusCode).toBe(429);
    clock.advance(15 * 60_000);
    const later = await call('POST', '/auth/login/two-factor', undefined, {
      challenge: (await login(s.email)).json().data.challenge,
      code: codeFor(secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('refuses an expired, forged or missing challenge, and a code with neither part', async () => {
    const s = await signUp(t);
    const { secret } = await enable(s.accessToken);
    const { challenge } = (await login(s.email)).json().data;
    clock.advance(5 * 60_000 + 1000);
    const late = await call('POST', '/auth/login/two-factor', undefined, {
      challenge,
      code: codeFor(secret),
    });
    expect(late.json()).toMatchObject({ success: false, code: 'twoFactorChallengeExpired' });
    for (const body of [
      { challenge: `${challenge}x`, code: codeFor(secret) },
      { challenge: 'not-a-token', code: codeFor(secret) },
      { challenge },
      { challenge, code: '12345' },
      { challenge, code: codeFor(secret), recoveryCode: 'ABCDE-FGHIJ' },
    ]) {
      const res = await call('POST', '/auth/login/two-factor', undefined, body);
      expect([400, 401], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  });

  it('remembers a device for 30 days when asked, for that account only, and forgets it with a new password', async () => {
    const s = await signUp(t);
    const { secret } = await enable(s.accessToken);
    clock.advance(30_000);
    const remembered = await call('POST', '/auth/login/two-factor', undefined, {
      challenge: (await login(s.email)).json().data.challenge,
      code: codeFor(secret),
      rememberDevice: true,
    });
    const cookie = remembered.cookies.find((c) => c.name === 'vizita_td')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/login' });
    expect(cookie.maxAge).toBe(30 * 86_400);
    const device = { vizita_td: cookie.value };
    expect((await login(s.email, STRONG_PASSWORD, device)).json().data).toHaveProperty(
      'accessToken',
    );
    // Another account's sign-in does not take this browser's word for it.
    const other = await signUp(t);
    const otherSecret = (await enable(other.accessToken)).secret;
    expect(otherSecret).toBeTruthy();
    expect((await login(other.email, STRONG_PASSWORD, device)).json().data).toHaveProperty(
      'challenge',
    );
    clock.advance(30 * 86_400_000 + 1000);
    expect((await login(s.email, STRONG_PASSWORD, device)).json().data).toHaveProperty('challenge');
  });
});

describe('doctors and admins', () => {
  it('can do nothing but set two-factor sign-in up until they have it, and cannot turn it off', async () => {
    const { email } = await createTestDoctor(t);
    const signedIn = await login(email, 'Doctor-2026!');
    const session = signedIn.json().data;
    expect(session.twoFactor).toBe('required');
    const token = session.accessToken as string;
    for (const url of [
      '/api/doctor/appointments?from=2026-11-23&to=2026-11-29',
      '/auth/profile',
      '/api/appointments',
      '/auth/sessions',
    ]) {
      const refused = await call('GET', url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ success: false, code: 'twoFactorRequired' });
      expect(refused.json()).not.toHaveProperty('data');
    }
    expect((await call('GET', '/auth/two-factor', token)).json().data).toMatchObject({
      enabled: false,
      required: true,
    });
    const { secret } = await enable(token, 'Doctor-2026!');
    // The same session may go on: it has just proved the second factor.
    const schedule = await call(
      'GET',
      '/api/doctor/appointments?from=2026-11-23&to=2026-11-29',
      token,
    );
    expect(schedule.statusCode).toBe(200);
    const off = await call('POST', '/auth/two-factor/disable', token, {
      password: 'Doctor-2026!',
      code: codeFor(secret, 1),
    });
    expect(off.json()).toMatchObject({ success: false, code: 'twoFactorStaffRequired' });
  });
});

describe('a session still without its second factor', () => {
  it('cannot sign the account out everywhere: a stolen password must not keep the owner out', async () => {
    const { email } = await createTestDoctor(t);
    const owner = (await login(email, 'Doctor-2026!')).json().data.accessToken as string;
    const thief = (await login(email, 'Doctor-2026!')).json().data;
    expect(thief.twoFactor).toBe('required');
    const refused = await call('POST', '/auth/sessions/sign-out-everywhere', thief.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'twoFactorRequired' });
    // The other session lives on; the restricted one may still sign itself out.
    expect((await call('GET', '/auth/two-factor', owner)).statusCode).toBe(200);
    expect((await call('POST', '/auth/logout', thief.accessToken)).statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('needs the password and a current code, and forgets remembered devices', async () => {
    const s = await signUp(t);
    const { secret } = await enable(s.accessToken);
    clock.advance(30_000);
    const noCode = await call('POST', '/auth/two-factor/disable', s.accessToken, {
      password: STRONG_PASSWORD,
      code: '000000',
    });
    expect(noCode.json()).toMatchObject({ code: 'twoFactorCodeWrong' });
    const off = await call('POST', '/auth/two-factor/disable', s.accessToken, {
      password: STRONG_PASSWORD,
      code: codeFor(secret),
    });
    expect(off.statusCode).toBe(200);
    expect((await login(s.email)).json().data).toHaveProperty('accessToken');
  });
});

describe('the signed-in devices', () => {
  it('lists them, signs one out, and signs out everywhere; another account’s are not found', async () => {
    const s = await signUp(t);
    const laptop = (await login(s.email)).json().data.accessToken as string;
    const phone = (
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
        payload: { email: s.email, password: STRONG_PASSWORD },
      })
    ).json().data.accessToken as string;
    const devices = (await call('GET', '/auth/sessions', laptop)).json().data as {
      id: string;
      userAgent: string | null;
      current: boolean;
    }[];
    expect(devices.length).toBeGreaterThanOrEqual(3);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    const iphone = devices.find((d) => d.userAgent?.includes('iPhone'))!;
    expect((await call('DELETE', `/auth/sessions/${iphone.id}`, laptop)).statusCode).toBe(200);
    expect((await call('GET', '/auth/sessions', phone)).statusCode).toBe(401);
    const stranger = await signUp(t);
    expect(
      (
        await call(
          'DELETE',
          `/auth/sessions/${devices.find((d) => d.current)!.id}`,
          stranger.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/auth/sessions/sign-out-everywhere', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/auth/sessions', laptop)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/auth/status', cookies: { vizita_rt: s.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });
});
