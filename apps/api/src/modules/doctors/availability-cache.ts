/**
 * The booking page's hot read (issue #13, ADR 0033): what a doctor's 60-day window looks like —
 * the working slots and the slots taken — kept in memory per doctor, so most reads of
 * availability cost no database round trip and no calendar arithmetic.
 *
 * Correctness rests on three rules:
 * - Every change that can move a slot (a hold, a payment's end, a cancellation, a reschedule, a
 *   schedule edit…) empties the whole cache of every instance: the route is marked
 *   `changesAvailability`, and its answer leaves only after this instance has forgotten everything
 *   and the broadcaster has carried the news to the others (app.ts). Changes are rare next to
 *   reads, so forgetting all doctors at once costs little and needs no doctor id.
 * - A computation that began before a change is never stored after it: each one notes the
 *   generation it started in, and a change starts a new generation.
 * - Nothing is kept longer than `ttlMs`, whatever happens to the broadcaster (a lost message, a
 *   schedule changed by the admin command line, which has no broadcaster).
 * What changes by the clock alone — a slot that has begun, a hold that lapsed — is applied at each
 * read by the caller, not by the cache.
 */
export type AvailabilityCache<T> = {
  /** The value for `key`, computed by `compute` unless a fresh, still valid one is kept. */
  load(
    key: string,
    compute: () => Promise<T | undefined>,
    stillValid: (value: T) => boolean,
  ): Promise<T | undefined>;
  /** Something changed: nothing kept or being computed now is used again. */
  forgetAll(): void;
  /** Entries kept and reads answered from them (for the tests and the metrics). */
  stats(): { entries: number; hits: number; misses: number };
};

export function createAvailabilityCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  /** A bound on memory: the clinic's doctors fit many times over. */
  maxEntries: number;
  now?: () => number;
}): AvailabilityCache<T> {
  let generation = 0;
  const entries = new Map<string, { value: T; storedAt: number }>();
  // One computation per key at a time: ten readers of a cold doctor wait for the same one.
  const computing = new Map<string, { generation: number; promise: Promise<T | undefined> }>();
  let hits = 0;
  let misses = 0;

  function store(key: string, value: T) {
    entries.delete(key); // re-inserted last, so the first key is always the oldest
    entries.set(key, { value, storedAt: now() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async load(key, compute, stillValid) {
      const kept = entries.get(key);
      if (kept && now() - kept.storedAt < ttlMs && stillValid(kept.value)) {
        hits += 1;
        return kept.value;
      }
      misses += 1;
      const running = computing.get(key);
      if (running?.generation === generation) return running.promise;
      const startedIn = generation;
      const promise = compute().then(
        (value) => {
          if (computing.get(key)?.promise === promise) computing.delete(key);
          if (value !== undefined && startedIn === generation) store(key, value);
          return value;
        },
        (error: unknown) => {
          if (computing.get(key)?.promise === promise) computing.delete(key);
          throw error;
        },
      );
      computing.set(key, { generation: startedIn, promise });
      return promise;
    },
    forgetAll() {
      generation += 1;
      entries.clear();
      computing.clear();
    },
    stats: () => ({ entries: entries.size, hits, misses }),
  };
}
