import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp, type testClock } from './test-app.ts';

/** The Redis the tests use for the broadcaster: the machine's, unless TEST_REDIS_URL says. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether a Redis answers at `url`, asked once with a short timeout: a machine without one runs
 * the other buses' cases and says which were left out (the product never needs Redis).
 */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * The buses two instances can share, for `describe.each`: PostgreSQL always, Redis where one
 * answers (with a warning where not).
 */
export async function instanceBuses() {
  const redisUp = await redisReachable();
  if (!redisUp) console.warn(`Redis is not reachable at ${TEST_REDIS_URL}: its cases are skipped`);
  return [
    { kind: 'postgres', skip: false },
    { kind: 'redis', skip: !redisUp },
  ] as const;
}

/**
 * Two API instances over one database, as behind a load balancer, joined by the bus `kind`; the
 * second leaves the database to the first. Each call has a channel prefix of its own, so runs
 * (and other projects) sharing one Redis do not hear each other.
 */
export async function createTwoInstances(
  kind: 'postgres' | 'redis',
  clock: ReturnType<typeof testClock>,
): Promise<{ a: TestApp; b: TestApp }> {
  const env = {
    BROADCASTER: kind,
    REDIS_URL: TEST_REDIS_URL,
    BROADCASTER_CHANNEL_PREFIX: `test-${randomBytes(6).toString('hex')}`,
  };
  const a = await createTestApp({ clock, env });
  const b = await createTestApp({ clock, env, databaseUrl: a.databaseUrl });
  return { a, b };
}
