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
      passwordHashing.run(() => held),
    );
    expect(passwordHashing.stats()).toEqual({
      running: ARGON2_CONCURRENCY,
      queued: ARGON2_MAX_QUEUED,
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
    expect(passwordHashing.stats()).toEqual({ running: 0, queued: 0 });
    expect((await login()).statusCode).toBe(200);
  });
});
