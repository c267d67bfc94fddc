import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { BroadcastTooLargeError, type Broadcaster } from './broadcaster.ts';
import { createMemoryBroadcaster } from './memory-broadcaster.ts';
import {
  APPLICATION_NAME,
  PG_NOTIFY_MAX_BYTES,
  createPostgresBroadcaster,
  pgChannelName,
} from './postgres-broadcaster.ts';
import { createRedisBroadcaster } from './redis-broadcaster.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/two-instances.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable();

/**
 * Resolves with the next `n` messages a handler receives, or rejects after a while. A collector
 * that a test only reads (`got`, expecting nothing) never fails the run later: its rejection is
 * handled, and a collector that filled up stops its timer.
 */
function collect(n: number, timeoutMs = 3000) {
  const got: string[] = [];
  let done: (v: string[]) => void = () => {};
  const promise = new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`only ${got.length} of ${n} messages`)),
      timeoutMs,
    );
    done = (messages) => {
      clearTimeout(timer);
      resolve(messages);
    };
  });
  promise.catch(() => {});
  return {
    got,
    promise,
    handler: (m: string) => {
      got.push(m);
      if (got.length === n) done(got);
    },
  };
}
const settle = () => new Promise((r) => setTimeout(r, 150));

// The same contract for every adapter: two "instances" (two broadcasters) on one bus.
describe.each([
  { kind: 'memory', skip: false },
  { kind: 'postgres', skip: false },
  { kind: 'redis', skip: !redisUp },
])('the $kind broadcaster', ({ kind, skip }) => {
  let one: Broadcaster;
  let two: Broadcaster;
  const prefix = `unit-${randomBytes(6).toString('hex')}`;
  const ch = (name: string) => `${prefix}:${name}`;

  beforeAll(async () => {
    if (skip) return;
    if (kind === 'memory') {
      // One process: both sides share the one emitter.
      one = two = createMemoryBroadcaster();
    } else if (kind === 'postgres') {
      const url = inject('serverUrl');
      one = await createPostgresBroadcaster({ url });
      two = await createPostgresBroadcaster({ url });
    } else {
      one = await createRedisBroadcaster({ url: REDIS_URL });
      two = await createRedisBroadcaster({ url: REDIS_URL });
    }
  });
  afterAll(async () => {
    if (skip) return;
    await one.close();
    if (two !== one) await two.close();
  });

  it.skipIf(skip)(
    'delivers to every subscriber of the channel, the publisher’s own included',
    async () => {
      const mine = collect(2);
      const theirs = collect(2);
      const other = collect(1);
      const offMine = await one.subscribe(ch('room-a'), mine.handler);
      const offTheirs = await two.subscribe(ch('room-a'), theirs.handler);
      const offOther = await two.subscribe(ch('room-b'), other.handler);
      await one.publish(ch('room-a'), 'hello');
      await two.publish(ch('room-a'), '{"ü":"ok"}');
      expect(await mine.promise).toEqual(['hello', '{"ü":"ok"}']);
      expect(await theirs.promise).toEqual(['hello', '{"ü":"ok"}']);
      await settle();
      expect(other.got).toEqual([]);
      await Promise.all([offMine(), offTheirs(), offOther()]);
    },
  );

  it.skipIf(skip)(
    'stops delivering to a handler once it unsubscribes, and keeps the others',
    async () => {
      const stays = collect(2);
      const goes = collect(1);
      const offStays = await two.subscribe(ch('room-c'), stays.handler);
      const offGoes = await two.subscribe(ch('room-c'), goes.handler);
      await one.publish(ch('room-c'), 'first');
      await goes.promise;
      await offGoes();
      await offGoes(); // twice is harmless
      await one.publish(ch('room-c'), 'second');
      expect(await stays.promise).toEqual(['first', 'second']);
      await settle();
      expect(goes.got).toEqual(['first']);
      await offStays();
      // Listening again after the last handler left works (UNLISTEN, then LISTEN, in order).
      const back = collect(1);
      const offBack = await two.subscribe(ch('room-c'), back.handler);
      await one.publish(ch('room-c'), 'third');
      expect(await back.promise).toEqual(['third']);
      await offBack();
    },
  );

  it.skipIf(skip)('keeps delivering to the others when a handler throws', async () => {
    const ok = collect(1);
    const offBad = await two.subscribe(ch('room-d'), () => {
      throw new Error('boom');
    });
    const offOk = await two.subscribe(ch('room-d'), ok.handler);
    await one.publish(ch('room-d'), 'still here');
    expect(await ok.promise).toEqual(['still here']);
    await Promise.all([offBad(), offOk()]);
  });
});

describe('the postgres broadcaster', () => {
  it('carries a signalling-sized message and refuses one NOTIFY cannot', async () => {
    const url = inject('serverUrl');
    const one = await createPostgresBroadcaster({ url });
    const two = await createPostgresBroadcaster({ url });
    try {
      const got = collect(1);
      await two.subscribe('unit:size', got.handler);
      const largest = 'x'.repeat(PG_NOTIFY_MAX_BYTES);
      await one.publish('unit:size', largest);
      expect((await got.promise)[0]).toHaveLength(PG_NOTIFY_MAX_BYTES);
      // Bytes, not characters: 4000 two-byte letters are 8000 bytes.
      await expect(one.publish('unit:size', 'ж'.repeat(4000))).rejects.toBeInstanceOf(
        BroadcastTooLargeError,
      );
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('comes back with its LISTENs after losing its connection', async () => {
    const url = inject('serverUrl');
    const one = await createPostgresBroadcaster({ url });
    const two = await createPostgresBroadcaster({ url });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const got: string[] = [];
      await two.subscribe('unit:reconnect', (m) => got.push(m));
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and datname = current_database()`,
        [APPLICATION_NAME],
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
      // Messages sent while it is away are lost (pub/sub); the ones after it is back arrive.
      for (let i = 0; i < 50 && got.length === 0; i += 1) {
        await one.publish('unit:reconnect', `try ${i}`).catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(got.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('fails at start-up when the database cannot be reached', async () => {
    await expect(
      createPostgresBroadcaster({ url: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow();
  });
});

describe('PostgreSQL channel names', () => {
  it('are short lower-case identifiers whatever the channel, and distinct', () => {
    const long = `${'a'.repeat(200)}:meeting:0f8d6a2e-1111-4a4a-9c9c-123456789abc`;
    const names = [long, `${long}x`, 'Vizita:Meeting:ABC', 'vizita:meeting:abc', 'drop table; --'];
    const mapped = names.map(pgChannelName);
    for (const name of mapped) expect(name).toMatch(/^[a-z_][a-z0-9_]{0,62}$/);
    expect(new Set(mapped).size).toBe(names.length);
    expect(pgChannelName(long)).toBe(pgChannelName(long));
  });
});

describe('the memory broadcaster', () => {
  it('refuses to publish once closed', async () => {
    const b = createMemoryBroadcaster();
    await b.close();
    await expect(b.publish('x', 'y')).rejects.toThrow('closed');
  });
});
