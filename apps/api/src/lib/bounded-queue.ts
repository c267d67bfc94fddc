/** Thrown when a bounded queue is full: the caller answers 503 with Retry-After. */
export class QueueFullError extends Error {
  constructor(readonly what: string) {
    super(`${what}: too many waiting`);
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time, keeps at most `maxQueued` waiting (first come,
 * first served), and refuses the rest at once. A finished task hands its slot straight to the
 * next waiting one, so the limit holds even when new tasks arrive in between.
 */
export function createBoundedQueue(what: string, concurrency: number, maxQueued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else if (waiting.length >= maxQueued) throw new QueueFullError(what);
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },

    /**
     * Refuses at once, as `run` would, when nothing can start or wait now: a caller with work to
     * do before its task (a sign-in's rate-limit counters and account lookup) spares it then.
     */
    refuseIfFull() {
      if (running >= concurrency && waiting.length >= maxQueued) throw new QueueFullError(what);
    },

    /** For metrics and tests: how many run and how many wait now. */
    stats: () => ({ running, queued: waiting.length }),
  };
}
