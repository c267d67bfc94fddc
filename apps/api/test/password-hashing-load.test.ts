import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../src/db/schema.ts';
import {
  ARGON2_CONCURRENCY,
  ARGON2_MAX_QUEUED,
  passwordHashing,
} from '../src/modules/auth/passwords.ts';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from './test-app.ts';

// Issue #13: a storm of sign-ins (argon2id by design costs ~50 ms of a core each) must never
// starve the other requests. The hashing runs in a bounded queue; when it is full, a sign-in is
// answered 503 with Retry-After at once, and everything else goes on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password hashing under load', () => {
  it('answers 503 with Retry-After when the hashing queue is full, serves the rest, then recovers', async () => {
    const user = await signUp(t);
    // The queue taken up as a storm would: every slot busy, every place in the line taken.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const storm = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_MAX_QUEUED }, () =>
      passwordHashing.run('signIn', () => held),
    );
    expect(passwordHashing.stats()).toEqual({
      running: ARGON2_CONCURRENCY,
      queued: { signIn: ARGON2_MAX_QUEUED, other: 0 },
    });

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: STRONG_PASSWORD },
      });
    const loginCounters = async () =>
      (await t.db.select().from(rateLimitCounters)).filter((c) => c.key.startsWith('login:'));
    const countersBefore = await loginCounters();
    const busy = await login();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json()).toMatchObject({ code: 'serviceBusy' });
    // Refused before it cost the database anything: no attempt counted against the person.
    expect(await loginCounters()).toEqual(countersBefore);
    // A storm is summed up in the log, not written out request by request.
    const busyLines = () => t.logs.filter((line) => line.includes('busy: queue full')).length;
    const linesBefore = busyLines();
    for (let i = 0; i < 20; i += 1) expect((await login()).statusCode).toBe(503);
    expect(busyLines() - linesBefore).toBeLessThanOrEqual(1);
    // A signed-in person's requests do not wait for the hashing.
    const status = await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(status.statusCode).toBe(200);

    release();
    await Promise.all(storm);
    expect(passwordHashing.stats()).toEqual({ running: 0, queued: { signIn: 0, other: 0 } });
    expect((await login()).statusCode).toBe(200);
  });
});

// Issue #18: the routes that hash a password for someone not signed in (registration, an
// invitation, a reset) must never take the sign-ins' turn. A made-up token costs no hash at all;
// what does hash waits in a line of its own, shorter, and behind any waiting sign-in.
describe('sign-ins under a storm of other hashing', () => {
  /** Fires `count` requests at once; answers every answer and the first one to arrive. */
  function burst(count: number, request: (i: number) => Promise<{ statusCode: number }>) {
    const all = Array.from({ length: count }, (_, i) => request(i));
    return { all: Promise.all(all), first: Promise.race(all) };
  }
  const signIns = (email: string) =>
    Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email, password: STRONG_PASSWORD },
        }),
      ),
    );

  it('answers made-up invitation tokens without hashing, limits them per IP, and signs people in meanwhile', async () => {
    const user = await signUp(t);
    const forged = burst(80, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite',
        remoteAddress: '198.51.100.66',
        payload: { token: `made-up-token-${i}`, password: 'Forged-Pass-2026!', code: '123456' },
      }),
    );
    // Sign-ins arrive while the burst is being answered.
    await forged.first;
    const logins = await signIns(user.email);
    const answers = (await forged.all).map((r) => r.statusCode);
    expect(logins.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Never "busy": 20 learn that the token is wrong, the rest that they must wait.
    expect(answers.filter((c) => c === 400)).toHaveLength(20);
    expect(answers.filter((c) => c === 429)).toHaveLength(60);
  });

  it('keeps signing people in while a crowd from many addresses registers at once', async () => {
    const user = await signUp(t);
    const crowd = burst(80, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register-minimal',
        remoteAddress: `198.51.${100 + Math.floor(i / 200)}.${(i % 200) + 1}`,
        payload: {
          firstName: 'Crowd',
          lastName: 'Member',
          email: `crowd-${i}@example.bg`,
          password: STRONG_PASSWORD,
          termsAccepted: true,
        },
      }),
    );
    await crowd.first;
    const logins = await signIns(user.email);
    const answers = (await crowd.all).map((r) => r.statusCode);
    expect(logins.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // The crowd itself is answered, some of it "busy, try again" rather than kept waiting.
    expect(answers.every((c) => c === 201 || c === 503)).toBe(true);
    expect(answers).toContain(201);
  });
});
