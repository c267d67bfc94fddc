import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/auth/register-minimal', payload, headers });
const person = (email: string) => ({
  firstName: 'Georgi',
  lastName: 'Petrov',
  email,
  password: STRONG_PASSWORD,
  termsAccepted: true,
});

describe('POST /auth/register-minimal', () => {
  it('creates the account, stores the e-mail normalized and mails a validation link in the user language', async () => {
    const res = await register(person('  Georgi@Example.BG '), {
      'accept-language': 'bg-BG,bg;q=0.9',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: { emailValidationRequired: true },
    });
    const user = await t.userByEmail('georgi@example.bg');
    expect(user).toMatchObject({
      locale: 'bg',
      userType: 'patient',
      isAdmin: false,
      emailValidatedAt: null,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await t.mails('georgi@example.bg');
    expect(mail!.subject).toBe('Потвърдете имейл адреса си за Vizita');
    expect(mail!.text).toMatch(/http:\/\/vizita\.test\/validate-email\?token=[\w-]{43}/);
    expect(mail!.html).toContain('<a href="http://vizita.test/validate-email?token=');
  });

  it('answers an existing e-mail exactly like a new one and mails the owner instead', async () => {
    await register(person('owner@example.de'));
    const token = await t.tokenFromMail('owner@example.de', '/validate-email');
    await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });

    const fresh = await register(person('someone-new@example.de'));
    const again = await register({ ...person('OWNER@example.de'), password: 'Another-2026!' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    const [notice] = await t.mails('owner@example.de');
    expect(notice!.subject).toBe('You already have a Vizita account');
    // The original password still works: a second registration changed nothing.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'owner@example.de', password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('reports every broken rule with the spec texts', async () => {
    const res = await register({
      firstName: 'G',
      lastName: '',
      email: 'not-an-email',
      password: 'weak',
      termsAccepted: false,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errors: { path: string; msg: string }[] }>();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          path: 'firstName',
          msg: 'First name must be at least 2 characters',
          code: 'firstNameMin',
        },
        { path: 'lastName', msg: 'Last name is required', code: 'lastNameRequired' },
        { path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' },
        { path: 'password', msg: 'Password must be at least 8 characters', code: 'passwordMin' },
        {
          path: 'password',
          msg: 'Password must contain an uppercase letter',
          code: 'passwordUppercase',
        },
        { path: 'password', msg: 'Password must contain a number', code: 'passwordNumber' },
        {
          path: 'password',
          msg: 'Password must contain a special character',
          code: 'passwordSpecial',
        },
        {
          path: 'termsAccepted',
          msg: 'You must accept the terms and conditions',
          code: 'termsRequired',
        },
      ]),
    );
  });

  it.each([
    ['unknown fields', { ...person('x1@example.bg'), isAdmin: true }],
    ['wrong types', { ...person('x2@example.bg'), firstName: 42 }],
    ['a missing body', undefined],
  ])('refuses %s with a 400, never a 500', async (_name, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('refuses malformed JSON and huge bodies with a clear 4xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'malformedBody' });
    const huge = await register({ ...person('huge@example.bg'), firstName: 'x'.repeat(200_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'payloadTooLarge' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    // Fastify reads text/plain as a string, which the schema then refuses.
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

// Issue #18: a registration mails whatever address it names, so a stranger could fill someone's
// inbox, and the name typed would greet that someone.
describe('mails that a registration sends', () => {
  /** Each from an address of its own, so the per-IP limit is not what stops them. */
  let nextIp = 1;
  const from = () => ({ remoteAddress: `198.51.100.${nextIp++}` });
  const registerFrom = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/auth/register-minimal', payload, ...from() });

  it('tells the owner of an existing address at most once an hour, however often it is registered', async () => {
    await registerFrom(person('often@example.de'));
    const token = await t.tokenFromMail('often@example.de', '/validate-email');
    await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });
    const notices = async () =>
      (await t.mails('often@example.de')).filter(
        (m) => m.subject === 'You already have a Vizita account',
      );

    const fresh = await registerFrom(person('often-new@example.de'));
    for (let i = 0; i < 3; i++) {
      const again = await registerFrom(person('often@example.de'));
      // The answer never tells whether a mail went out, or whether the address is known.
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(fresh.json());
    }
    expect(await notices()).toHaveLength(1);
    t.clock.advance(60 * 60_000);
    await registerFrom(person('often@example.de'));
    expect(await notices()).toHaveLength(2);
  });

  it('sends an unconfirmed address one validation mail an hour, however often a stranger registers it', async () => {
    for (let i = 0; i < 4; i++)
      expect((await registerFrom(person('bombed@example.bg'))).statusCode).toBe(201);
    expect(await t.mails('bombed@example.bg')).toHaveLength(1);
  });

  it('greets nobody by the name typed, in every language: the address has not proven it is theirs', async () => {
    const lure = 'Claim your prize at evil dot example';
    for (const [language, greeting] of [
      ['en', 'Hello,'],
      ['bg', 'Здравейте,'],
      ['de', 'Guten Tag,'],
    ] as const) {
      const email = `lured-${language}@example.bg`;
      await t.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        payload: { ...person(email), firstName: lure },
        headers: { 'accept-language': language },
        ...from(),
      });
      const [mail] = await t.mails(email);
      expect(mail!.text.split('\n')[0]).toBe(greeting);
      expect(mail!.text).not.toContain(lure);
      expect(mail!.html).not.toContain(lure);
    }
    // The notice to an existing account's owner greets no one either.
    await registerFrom(person('greeted-owner@example.bg'));
    const token = await t.tokenFromMail('greeted-owner@example.bg', '/validate-email');
    await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });
    await registerFrom({ ...person('greeted-owner@example.bg'), firstName: lure });
    const [notice] = await t.mails('greeted-owner@example.bg');
    expect(notice!.subject).toBe('You already have a Vizita account');
    expect(notice!.text.split('\n')[0]).toBe('Hello,');
  });
});

// Issue #22: "Book this time" on a public page, then an account — the validation link, opened
// from the mail (perhaps in another browser), brings the patient back to her slot.
describe('a booking chosen before the account', () => {
  let nextIp = 1;
  const registerFrom = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      payload,
      remoteAddress: `203.0.113.${nextIp++}`,
    });
  const returnTo = '/book/georgi-dimitrov-2?at=2026-12-01T08:30:00.000Z&lang=bg';
  const nextOf = (text: string) => {
    const match = /\/validate-email\?token=[\w-]+&next=(\S+)/.exec(text);
    return match ? decodeURIComponent(match[1]!) : null;
  };

  it('carries the booking link in the validation link, and nothing into other mails', async () => {
    const res = await registerFrom({ ...person('booker@example.bg'), returnTo });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.mails('booker@example.bg');
    expect(nextOf(mail!.text)).toBe(returnTo);
    expect(mail!.html).toContain(`/validate-email?token=`);
    expect(mail!.html).toContain(`&amp;next=${encodeURIComponent(returnTo)}`);
    // The token is still the link's own parameter.
    const token = await t.tokenFromMail('booker@example.bg', '/validate-email');
    const validated = await t.app.inject({
      method: 'POST',
      url: `/auth/validate-email?token=${token}`,
    });
    expect(validated.statusCode).toBe(200);

    // Without one, the link is as before.
    await registerFrom(person('plain@example.bg'));
    const [plain] = await t.mails('plain@example.bg');
    expect(plain!.text).toMatch(/\/validate-email\?token=[\w-]+\s/);
  });

  it('answers an existing address exactly as a new one, with or without a booking', async () => {
    await registerFrom(person('booked-owner@example.de'));
    const token = await t.tokenFromMail('booked-owner@example.de', '/validate-email');
    await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });

    const fresh = await registerFrom({ ...person('booked-new@example.de'), returnTo });
    const again = await registerFrom({ ...person('booked-owner@example.de'), returnTo });
    const plain = await registerFrom(person('booked-plain@example.de'));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect(plain.json()).toEqual(fresh.json());
    // The owner is told she has an account; her own browser still holds the slot she chose.
    const notice = (await t.mails('booked-owner@example.de')).find(
      (m) => m.subject === 'You already have a Vizita account',
    );
    expect(notice!.text).not.toContain('/book/');
  });

  it.each([
    ['another page', '/dashboard'],
    ['another site', 'https://evil.example/book/x?at=2026-12-01T08:30:00.000Z'],
    ['a protocol-relative address', '//evil.example/book/x?at=2026-12-01T08:30:00.000Z'],
    ['a bad instant', '/book/georgi-dimitrov?at=2026-02-30T08:30:00.000Z'],
    ['a slug out of shape', '/book/Georgi%20Dimitrov?at=2026-12-01T08:30:00.000Z'],
    ['an extra parameter', `${returnTo}&next=/admin`],
    ['a non-string', 42],
  ])('refuses %s as the return path, for new and existing addresses alike', async (_n, bad) => {
    for (const email of ['bad-return-new@example.bg', 'booked-owner@example.de']) {
      const res = await registerFrom({ ...person(email), returnTo: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        errors: [expect.objectContaining({ path: 'returnTo', code: 'invalidValue' })],
      });
    }
    expect(await t.mails('bad-return-new@example.bg')).toHaveLength(0);
  });
});

describe('POST /auth/validate-email', () => {
  it('validates once, then says "already validated"; unknown and expired tokens fail', async () => {
    await register(person('val@example.bg'));
    const token = await t.tokenFromMail('val@example.bg', '/validate-email');
    const first = await t.app.inject({
      method: 'POST',
      url: `/auth/validate-email?token=${token}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ alreadyValidated: false });
    const second = await t.app.inject({
      method: 'POST',
      url: `/auth/validate-email?token=${token}`,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toContain('already validated');

    const unknown = await t.app.inject({ method: 'POST', url: '/auth/validate-email?token=nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validationTokenInvalid' });
    const missing = await t.app.inject({ method: 'POST', url: '/auth/validate-email' });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a validation link older than 24 hours', async () => {
    await register(person('late@example.bg'));
    const token = await t.tokenFromMail('late@example.bg', '/validate-email');
    t.clock.advance(24 * 3600_000 + 1000);
    const res = await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });
    expect(res.statusCode).toBe(400);
    expect((await t.userByEmail('late@example.bg'))!.emailValidatedAt).toBeNull();
  });

  it('stores only a hash of the token', async () => {
    await register(person('hash@example.bg'));
    const token = await t.tokenFromMail('hash@example.bg', '/validate-email');
    const { rows } = await t.pool.query('select token_hash from one_time_tokens');
    expect(rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);
  });
});

describe('POST /auth/resend-validation-email', () => {
  it('answers the same for unknown, validated and pending addresses, and mails only the pending one', async () => {
    await register(person('pending@example.bg'));
    t.clock.advance(61_000);
    const before = (await t.mails('pending@example.bg')).length;
    const pending = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-validation-email',
      payload: { email: 'pending@example.bg' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-validation-email',
      payload: { email: 'nobody@example.bg' },
    });
    expect(pending.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(pending.json());
    expect((await t.mails('pending@example.bg')).length).toBe(before + 1);
    expect(await t.mails('nobody@example.bg')).toHaveLength(0);
  });

  it("lets the newest registration of an unconfirmed address set the password, never an earlier stranger's", async () => {
    // A stranger registers the address first (nobody proves the mailbox by registering) …
    await register({ ...person('taken-early@example.bg'), password: 'Stranger-2026!' });
    // … then its owner registers, asks for the link again (the address had its one
    // registration mail this hour), and validates with the link her mail brings.
    await register(person('taken-early@example.bg'));
    await t.app.inject({
      method: 'POST',
      url: '/auth/resend-validation-email',
      payload: { email: 'taken-early@example.bg' },
    });
    const token = await t.tokenFromMail('taken-early@example.bg', '/validate-email');
    const validated = await t.app.inject({
      method: 'POST',
      url: `/auth/validate-email?token=${token}`,
    });
    expect(validated.statusCode).toBe(200);
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'taken-early@example.bg', password },
      });
    expect((await signIn('Stranger-2026!')).statusCode).toBe(401);
    expect((await signIn(STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('account mails leave after the answer', () => {
  it('answers registration, forgot-password and resend at once while the mail server stalls, for any address', async () => {
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const slow = await createTestApp({
      mailer: {
        kind: 'smtp',
        async send(message) {
          await stalled;
          sent.push(`${message.to}: ${message.subject}`);
        },
      },
    });
    try {
      await slow.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        payload: person('known-slow@example.bg'),
      });
      const calls = [
        ['/auth/forgot-password', 'known-slow@example.bg'],
        ['/auth/forgot-password', 'unknown-slow@example.bg'],
        ['/auth/resend-validation-email', 'nobody-slow@example.bg'],
      ] as const;
      for (const [url, email] of calls) {
        const res = await slow.app.inject({ method: 'POST', url, payload: { email } });
        expect(res.statusCode, url).toBe(200);
      }
      // Nothing was sent while the answers went out; every mail waited for the server.
      expect(sent).toEqual([]);
      release();
      await slow.app.backgroundWork.settled();
      expect(sent).toEqual([
        'known-slow@example.bg: Confirm your e-mail address for Vizita',
        'known-slow@example.bg: Reset your Vizita password',
      ]);
    } finally {
      release();
      await slow.close();
    }
  });
});
