import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../src/config.ts';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(
  async () =>
    (t = await createTestApp({
      env: {
        LOGIN_RATE_LIMIT_PER_EMAIL: '3',
        LOGIN_RATE_LIMIT_PER_IP: '6',
        REGISTER_RATE_LIMIT_PER_IP: '4',
      },
    })),
);
afterAll(() => t.close());

const login = (email: string, password: string, ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('throttles a guesser per address and IP with the spec message, never the owner elsewhere', async () => {
    const s = await signUp(t, 'victim@example.bg');
    const guesser = '198.51.100.1';
    for (let i = 0; i < 3; i++)
      expect((await login(s.email, 'Wrong-2026!', guesser)).statusCode).toBe(401);
    // The guesser is stopped even with the right password …
    const blocked = await login(s.email, STRONG_PASSWORD, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts, please try again later.');
    // … while the owner, from her own address, signs in as usual.
    expect((await login(s.email, STRONG_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    // Back-off: after 15 minutes the guesser may try again, until twice the limit in a day (six,
    // the blocked try included); then only the next day.
    t.clock.advance(15 * 60_000);
    for (let i = 0; i < 2; i++)
      expect((await login(s.email, 'Wrong-2026!', guesser)).statusCode).toBe(401);
    expect((await login(s.email, 'Wrong-2026!', guesser)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await login(s.email, STRONG_PASSWORD, guesser)).statusCode).toBe(429);
    t.clock.advance(24 * 60 * 60_000);
    expect((await login(s.email, STRONG_PASSWORD, guesser)).statusCode).toBe(200);
  });

  it('limits password changes per account, so a stolen session is no password oracle', async () => {
    const s = await signUp(t, 'changer@example.bg');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/change-password',
        headers: { authorization: `Bearer ${s.accessToken}` },
        payload: { currentPassword, newPassword: 'Plovdiv-2027!' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`Guess-${i}-2026!`)).statusCode).toBe(400);
    const limited = await change(STRONG_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'tooManyRequests' });
  });

  it('limits password resets per IP, and checks the link before any hashing', async () => {
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/reset-password',
        remoteAddress: '192.0.2.150',
        payload: { token: 'made-up-token', newPassword: 'Plovdiv-2027!' },
      });
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push((await reset()).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('throttles logins per IP across different e-mails', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++)
      codes.push((await login(`spray${i}@example.bg`, 'Wrong-2026!', '192.0.2.77')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('throttles forgot-password per address with the spec 400, for unknown addresses too', async () => {
    for (const email of ['someone@example.bg', 'no-account@example.bg']) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } }))
          .statusCode,
      ).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Please wait before requesting another reset email');
    }
  });

  it('throttles reset and validation mails per IP across addresses, for unknown addresses too', async () => {
    // Issue #18: one client naming 30 addresses sent 30 mails.
    for (const url of ['/auth/forgot-password', '/auth/resend-validation-email']) {
      const codes = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          remoteAddress: '192.0.2.99',
          payload: { email: `sprayed-${i}@example.bg` },
        });
        codes.push(res.statusCode);
        if (i === 10) expect(res.json(), url).toMatchObject({ code: 'tooManyRequests' });
      }
      expect(codes, url).toEqual([...Array<number>(10).fill(200), 429]);
    }
    // Another client is not held back by it.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      remoteAddress: '192.0.2.98',
      payload: { email: 'sprayed-99@example.bg' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('throttles validation-mail resends per address', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-validation-email',
      payload: { email: 'resend@example.bg' },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-validation-email',
      payload: { email: 'resend@example.bg' },
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'resendWait' });
  });

  it('throttles registrations per IP', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        remoteAddress: '192.0.2.200',
        payload: {
          firstName: 'Bot',
          lastName: 'Net',
          email: `bot${i}@example.bg`,
          password: STRONG_PASSWORD,
          termsAccepted: true,
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(
    async () =>
      (proxied = await createTestApp({
        env: { TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT_PER_IP: '3' },
      })),
  );
  afterAll(() => proxied.close());

  const loginVia = (remoteAddress: string, forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `spray${Math.random()}@example.bg`, password: 'Wrong-2026!' },
    });

  it('takes the client from the trusted proxy, and a spoofed header changes nothing', async () => {
    // The proxy appends the real client (198.51.100.7); whatever the client wrote stays left of it.
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await loginVia('127.0.0.1', `10.9.9.${i}, 198.51.100.7`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not locked out with the first.
    expect((await loginVia('127.0.0.1', '198.51.100.8')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await loginVia('203.0.113.50', `198.51.100.${100 + i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('refuses TRUST_PROXY=true and anything that is not addresses or a number of proxies', () => {
    expect(() => trustedProxies('true')).toThrow(/would believe any X-Forwarded-For/);
    expect(() => trustedProxies('proxy.internal')).toThrow(/not an IP address or network/);
    expect(() => trustedProxies('10.0.0.0/33')).toThrow(/not an IP address or network/);
    expect(() => trustedProxies('0')).toThrow(/from 1 to 10/);
    expect(trustedProxies('false')).toBe(false);
    expect(trustedProxies('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    const twoHops = trustedProxies('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
