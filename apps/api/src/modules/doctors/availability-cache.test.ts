import { describe, expect, it } from 'vitest';
import { createAvailabilityCache } from './availability-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setUp({ ttlMs = 30_000, maxEntries = 10 } = {}) {
  let now = 0;
  const cache = createAvailabilityCache<string>({ ttlMs, maxEntries, now: () => now });
  const computed: string[] = [];
  const compute = (key: string, value = `${key}@${computed.length}`) => {
    computed.push(key);
    return Promise.resolve(value);
  };
  return { cache, computed, compute, advance: (ms: number) => void (now += ms) };
}

const always = () => true;

describe('the availability cache', () => {
  it('computes once, then answers from memory until the time to live has passed', async () => {
    const { cache, compute, advance } = setUp();
    expect(await cache.load('dr', () => compute('dr'), always)).toBe('dr@0');
    expect(await cache.load('dr', () => compute('dr'), always)).toBe('dr@0');
    advance(29_999);
    expect(await cache.load('dr', () => compute('dr'), always)).toBe('dr@0');
    advance(1);
    expect(await cache.load('dr', () => compute('dr'), always)).toBe('dr@1');
    expect(cache.stats()).toEqual({ entries: 1, hits: 2, misses: 2 });
  });

  it('computes anew when the kept value is no longer valid (a new day)', async () => {
    const { cache, compute } = setUp();
    await cache.load('dr', () => compute('dr'), always);
    expect(
      await cache.load(
        'dr',
        () => compute('dr'),
        () => false,
      ),
    ).toBe('dr@1');
  });

  it('lets readers of a cold key wait for one computation', async () => {
    const { cache } = setUp();
    const slow = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return slow.promise;
    };
    const readers = [1, 2, 3].map(() => cache.load('dr', compute, always));
    slow.resolve('once');
    expect(await Promise.all(readers)).toEqual(['once', 'once', 'once']);
    expect(calls).toBe(1);
  });

  it('never keeps what a computation begun before a change found', async () => {
    const { cache, compute } = setUp();
    const before = deferred<string>();
    const stale = cache.load('dr', () => before.promise, always);
    cache.forgetAll(); // the hold commits while the old state is being read
    // A reader after the change does not wait for the computation begun before it.
    const fresh = cache.load('dr', () => compute('dr', 'after'), always);
    before.resolve('before');
    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.load('dr', () => compute('dr', 'again'), always)).toBe('after');
  });

  it('forgets every key at once', async () => {
    const { cache, compute } = setUp();
    await cache.load('a', () => compute('a'), always);
    await cache.load('b', () => compute('b'), always);
    cache.forgetAll();
    expect(cache.stats().entries).toBe(0);
    expect(await cache.load('a', () => compute('a'), always)).toBe('a@2');
  });

  it('keeps nothing for an unknown key, and no failed computation', async () => {
    const { cache, compute } = setUp();
    expect(await cache.load('nobody', () => Promise.resolve(undefined), always)).toBeUndefined();
    await expect(
      cache.load('dr', () => Promise.reject(new Error('database down')), always),
    ).rejects.toThrow('database down');
    expect(cache.stats().entries).toBe(0);
    expect(await cache.load('dr', () => compute('dr'), always)).toBe('dr@0');
  });

  it('drops the least recently stored key beyond its bound', async () => {
    const { cache, computed, compute } = setUp({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.load(key, () => compute(key), always);
    expect(cache.stats().entries).toBe(2);
    await cache.load('a', () => compute('a'), always);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
