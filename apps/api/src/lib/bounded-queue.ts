/** Thrown when a bounded queue is full: the caller answers 503 with Retry-After. */
export class QueueFullError extends Error {
  constructor(readonly what: string) {
    super(`${what}: too many waiting`);
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time. Tasks wait in lanes, each with its own limit of
 * waiting tasks (first come, first served within a lane); beyond it a task is refused at once.
 * A finished task hands its slot straight to the first waiting task of the first lane that has
 * one — `lanes` are listed in priority order — so the limit holds even when new tasks arrive in
 * between, and a flood in a lower lane can neither take a higher lane's places in line nor make
 * it wait behind the flood (only behind the tasks already running).
 */
export function createBoundedQueue<const Lane extends string>(
  what: string,
  concurrency: number,
  lanes: readonly { lane: Lane; maxQueued: number }[],
) {
  let running = 0;
  const waiting = new Map<Lane, (() => void)[]>(lanes.map(({ lane }) => [lane, []]));
  const limit = new Map<Lane, number>(lanes.map(({ lane, maxQueued }) => [lane, maxQueued]));
  const line = (lane: Lane) => {
    const found = waiting.get(lane);
    if (!found) throw new Error(`${what}: no lane "${lane}"`);
    return found;
  };
  const full = (lane: Lane) => running >= concurrency && line(lane).length >= limit.get(lane)!;
  /** The first waiting task of the most urgent lane, if any waits. */
  const nextWaiting = () => {
    for (const queue of waiting.values()) if (queue.length > 0) return queue.shift();
    return undefined;
  };

  return {
    async run<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
      if (full(lane)) throw new QueueFullError(what);
      if (running < concurrency) running += 1;
      else await new Promise<void>((resolve) => line(lane).push(resolve));
      try {
        return await task();
      } finally {
        const next = nextWaiting();
        if (next) next();
        else running -= 1;
      }
    },

    /**
     * Refuses at once, as `run` would in this lane, when nothing can start or wait now: a caller
     * with work to do before its task (a sign-in's rate-limit counters and account lookup)
     * spares it then.
     */
    refuseIfFull(lane: Lane) {
      if (full(lane)) throw new QueueFullError(what);
    },

    /** For metrics and tests: how many run, and how many wait in each lane. */
    stats: () => ({
      running,
      queued: Object.fromEntries(
        [...waiting].map(([lane, queue]) => [lane, queue.length]),
      ) as Record<Lane, number>,
    }),
  };
}
